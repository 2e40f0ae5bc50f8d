// The flow the takeover specs play: a keyword hands the conversation to a person (the Hand over node), and when the
// person hands it back the bot says what they set (`resolved`) by the node's `returned` port.
export function handOverFlow(opts: { name: string; keyword: string; message: string; back: string }) {
  return {
    format: 'chatflow.flow/1',
    name: opts.name,
    active: true,
    nodes: [
      {
        id: 'n_trigger',
        type: 'trigger',
        name: 'trigger_1',
        position: { x: 0, y: 0 },
        config: { kind: 'keyword', keywords: [opts.keyword], matchMode: 'exact' },
      },
      {
        id: 'n_hand',
        type: 'hand_over',
        name: 'hand_over_1',
        position: { x: 340, y: 0 },
        config: { message: opts.message, note: 'Refund request', notify: true },
      },
      {
        id: 'n_back',
        type: 'message',
        name: 'back_with_bot',
        position: { x: 680, y: 0 },
        config: { text: `${opts.back} Resolved: {{hand_over_1.handover.variables.resolved}}` },
      },
      { id: 'n_end', type: 'end', name: 'end_1', position: { x: 1020, y: 0 }, config: {} },
    ],
    edges: [
      { id: 'e_1', source: 'n_trigger', sourcePort: 'out', target: 'n_hand' },
      { id: 'e_2', source: 'n_hand', sourcePort: 'returned', target: 'n_back' },
      { id: 'e_3', source: 'n_back', sourcePort: 'out', target: 'n_end' },
    ],
  }
}
