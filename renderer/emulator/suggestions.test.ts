import { beforeAll, describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { answerContext, parseAnswer } from '../../shared/nodes/question/answers'
import { QuestionConfigSchema } from '../../shared/nodes/question/definition'
import { prepareSuggestions, suggestionsFor } from './suggestions'

const doc = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
    { type: 'question', name: 'ask_age', config: { prompt: 'Age?', answerType: 'number', min: 0, max: 120 } },
    {
      type: 'question',
      name: 'ask_size',
      config: { prompt: 'Size?', answerType: 'choice', choices: ['Small', 'Large'] },
    },
    { type: 'interactive_message', name: 'menu', config: { body: 'Pick', buttons: [{ id: 'a', title: 'Apple' }] } },
    { type: 'message', name: 'say', config: { text: 'Hi' } },
  ],
  [
    ['trigger_1', 'out', 'ask_age'],
    ['ask_age', 'out', 'ask_size'],
    ['ask_size', 'out', 'menu'],
    ['menu', 'a', 'say'],
  ],
)
const at = { now: Date.parse('2026-06-01T09:00:00Z'), phone: '+14155550100' }
const config = QuestionConfigSchema.parse(doc.nodes[1]!.config)
beforeAll(async () => {
  for (const id of ['n_ask_age', 'n_ask_size']) await prepareSuggestions(doc, id)
})

describe('the emulator’s quick answers come from the waiting node’s module', () => {
  it('offers a Question’s own valid answers as typed text', () => {
    const s = suggestionsFor(doc, 'n_ask_age', at)
    expect(s.length).toBeGreaterThan(0)
    // Each is an answer the node itself accepts (its parser, with the flow's locale): typed as the label says.
    for (const x of s) {
      expect(x.event).toEqual({ type: 'text', text: x.label })
      const parsed = parseAnswer(x.label, config, answerContext(doc.settings, at.now, at.phone))
      expect(parsed).toMatchObject({ ok: true })
      if (parsed.ok) expect(Number(parsed.value) >= 0 && Number(parsed.value) <= 120).toBe(true)
    }
    expect(suggestionsFor(doc, 'n_ask_size', at).map((x) => x.label)).toEqual(
      expect.arrayContaining(['Small', 'Large']),
    )
  })

  it('marks a menu’s buttons as already in its message, with the option’s id', () => {
    expect(suggestionsFor(doc, 'n_menu', at)).toEqual([
      { label: '"Apple"', event: { type: 'button_reply', reply: { id: 'a', title: 'Apple' } }, inMessage: true },
    ])
  })

  it('offers nothing where no node waits or the node declares no answers', () => {
    expect(suggestionsFor(doc, null, at)).toEqual([])
    expect(suggestionsFor(doc, 'n_say', at)).toEqual([])
  })
})
