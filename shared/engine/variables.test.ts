// Every variable source of the session, read by a later node through the expression language in one run: system
// variables, trigger data, a Question's answer, the button, row and template-reply variables (all _last_*), and a
// node's output under its name. Unset names render empty; names are case-sensitive.
import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from './testing/fixtures'
import { resumeRun, startRun } from './machine'
import type { OutboundMessage, TriggerInput } from './types'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['start'] } },
    {
      type: 'interactive_message',
      name: 'pick',
      config: { body: 'Pick', buttons: [{ id: 'p_yes', title: 'Yes please' }] },
    },
    {
      type: 'message',
      name: 'after_tap',
      config: {
        text: '{{customer_name}}|{{customer_phone}}|{{initial_message}}|{{chat_message_id}}|{{trigger_1.keyword}}|{{button_id}}|{{_last_button_payload}}|{{_last_button_text}}|{{pick.title}}',
      },
    },
    {
      type: 'interactive_message',
      name: 'menu',
      config: {
        mode: 'list',
        body: 'Choose',
        list: {
          buttonLabel: 'Open',
          sections: [{ title: 'All', rows: [{ id: 'r_tea', title: 'Tea', description: '' }] }],
        },
      },
    },
    {
      type: 'message',
      name: 'after_row',
      config: { text: '{{row_id}}|{{_last_row_payload}}|{{_last_row_text}}|{{menu.id}}|{{after_tap.text}}' },
    },
    { type: 'question', name: 'ask', config: { prompt: 'City?', saveTo: 'city' } },
    {
      type: 'message',
      name: 'after_answer',
      config: { text: '{{city}}|{{ask.answer}}|{{_last_template_button_clicked}}|[{{nobody}}]|[{{City}}]' },
    },
  ],
  [
    ['trigger_1', 'out', 'pick'],
    ['pick', 'p_yes', 'after_tap'],
    ['after_tap', 'out', 'menu'],
    ['menu', 'r_tea', 'after_row'],
    ['after_row', 'out', 'ask'],
    ['ask', 'out', 'after_answer'],
  ],
)

const body = (m: OutboundMessage | undefined) => (m as { text: { body: string } }).text.body
const start: TriggerInput = {
  kind: 'keyword',
  keyword: 'start',
  message: { type: 'text', text: 'Start', id: 'wamid.S' },
}

describe('session variables from every source, read by later nodes', () => {
  it('renders system, trigger, tap, row, answer, template-reply and node-output variables; unset and wrong-case empty', async () => {
    const { deps } = testDeps()
    const s1 = await startRun(flow, { contact: ASHA, trigger: start }, deps)
    const s2 = await resumeRun(
      flow,
      s1.state,
      { type: 'button_reply', reply: { id: 'p_yes', title: 'Yes please' } },
      ASHA,
      deps,
    )
    expect(body(s2.messages[0])).toBe('Asha|+919800000001|Start|wamid.S|start|p_yes|p_yes|Yes please|Yes please')
    const s3 = await resumeRun(flow, s2.state, { type: 'list_reply', reply: { id: 'r_tea', title: 'Tea' } }, ASHA, deps)
    expect(body(s3.messages[0])).toBe(`r_tea|r_tea|Tea|r_tea|${body(s2.messages[0])}`)
    // A quick reply of an earlier template, tapped while the Question waits: its text is the answer and its payload
    // is kept in _last_template_button_clicked.
    const s4 = await resumeRun(
      flow,
      s3.state,
      { type: 'template_button', button: { payload: 'promo_pune', text: 'Pune' } },
      ASHA,
      deps,
    )
    expect(body(s4.messages[0])).toBe('Pune|Pune|promo_pune|[]|[]')
    expect(s4.state.status).toBe('ended')
  })

  it('starts a new run of the same contact and flow with none of the last run’s variables', async () => {
    const { deps } = testDeps()
    const s1 = await startRun(flow, { contact: ASHA, trigger: start }, deps)
    const s2 = await resumeRun(
      flow,
      s1.state,
      { type: 'button_reply', reply: { id: 'p_yes', title: 'Yes please' } },
      ASHA,
      deps,
    )
    expect(s2.state.vars.button_id).toBe('p_yes')
    const again = await startRun(flow, { contact: ASHA, trigger: start }, deps)
    expect(again.state.id).not.toBe(s1.state.id)
    for (const name of ['button_id', '_last_button_payload', '_last_button_text', 'after_tap'])
      expect(again.state.vars).not.toHaveProperty(name)
  })
})
