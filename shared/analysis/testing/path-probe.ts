// Test helper: one flow with every kind of path problem the analysis reports (docs/flow-format.md, "Paths"): a path
// that reaches a read without setting the variable, a route after one that always holds (and the else), the node
// behind the dead route, a node no trigger reaches, and an output that leads nowhere. Used by the CLI's validate
// test and the Problems panel's end-to-end test, as a stored flow document.
const rule = (left: string, operator: string, right?: string) => ({
  left,
  operator,
  ...(right === undefined ? {} : { right }),
})

export function pathProbeFlow(id = 'flw_path_probe') {
  const nodes: Array<[string, string, Record<string, unknown>]> = [
    ['trigger', 'trigger_1', { kind: 'keyword', keywords: ['hi'], matchMode: 'exact' }],
    [
      'interactive_message',
      'menu',
      {
        mode: 'buttons',
        body: 'Pick one',
        buttons: [
          { id: 'a', title: 'Ask me' },
          { id: 'b', title: 'Skip' },
        ],
      },
    ],
    ['question', 'ask_city', { prompt: 'City?', saveTo: 'city' }],
    [
      'router',
      'by_city',
      {
        routes: [
          {
            id: 'any',
            name: 'Any',
            join: 'or',
            rules: [rule('{{city}}', 'is_empty'), rule('{{city}}', 'is_not_empty')],
          },
          { id: 'paris', name: 'Paris', join: 'and', rules: [rule('{{city}}', 'equals', 'Paris')] },
        ],
      },
    ],
    ['message', 'bye', { text: 'Bye from {{city}}' }],
    ['message', 'paris', { text: 'Bonjour' }],
    ['message', 'orphan', { text: 'Nobody reaches me' }],
    ['message', 'stuck', { text: 'And then nothing' }],
    ['end', 'end_1', {}],
  ]
  const edges = [
    ['trigger_1', 'out', 'menu'],
    ['menu', 'a', 'ask_city'],
    ['menu', 'b', 'bye'],
    ['ask_city', 'out', 'by_city'],
    ['ask_city', 'failure', 'stuck'],
    ['by_city', 'any', 'bye'],
    ['by_city', 'paris', 'paris'],
    ['by_city', 'else', 'end_1'],
    ['bye', 'out', 'end_1'],
    ['paris', 'out', 'end_1'],
    ['orphan', 'out', 'end_1'],
  ]
  return {
    format: 'chatflow.flow/1',
    id,
    name: 'Path probe',
    active: false,
    nodes: nodes.map(([type, name, config], i) => ({
      id: `n_${name}`,
      type,
      name,
      position: { x: 240 * (i % 3), y: 160 * Math.floor(i / 3) },
      config,
    })),
    edges: edges.map(([from, port, to], i) => ({
      id: `e_${i}`,
      source: `n_${from}`,
      sourcePort: port,
      target: `n_${to}`,
    })),
    samples: {},
    webhookSecretRef: null,
  }
}

/** What the analysis says about it, as `chatflow validate` prints each problem's message. */
export const PATH_PROBE_PROBLEMS = [
  'Message text reads {{city}}, which is not set on the path trigger_1 → menu (Skip) → bye. It will be empty there.',
  "'by_city' can never take 'Paris': route 'Any' above it always holds ({{city}} is empty or {{city}} is not empty).",
  "'by_city' can never take 'Else': route 'Any' always holds ({{city}} is empty or {{city}} is not empty).",
  "'paris' never runs: every way to it passes a branch no run can take (by_city → Paris).",
  "'orphan' cannot be reached from the trigger; it never runs.",
  "Output 'Next' of 'stuck' is not connected to any node. A run that gets here (trigger_1 → menu (Ask me) → ask_city (No valid answer) → stuck) and takes it stops without reaching an End.",
]
