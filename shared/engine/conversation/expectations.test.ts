// The test format's newer expectations (docs/testing.md): a variable that must be unset, an event that must start
// or resume nothing (with its reason), and a trigger that sets {{chat_message_id}}.
import { describe, expect, it } from 'vitest'
import { buildFlow, testDeps } from '../testing/fixtures'
import { parseConversationTest } from './format'
import { runConversationTest } from './run'

const promo = (active: boolean) =>
  buildFlow(
    [
      {
        type: 'trigger',
        name: 'tap',
        config: { kind: 'button_click', payloadPrefix: 'promo_', targetVariable: 'code' },
      },
      { type: 'trigger', name: 'word', config: { kind: 'keyword', keywords: ['deal'] } },
      { type: 'message', name: 'm', config: { text: 'Code {{code}} ({{chat_message_id}})' } },
    ],
    [
      ['tap', 'out', 'm'],
      ['word', 'out', 'm'],
    ],
    { active },
  )

async function play(yaml: string, active = true) {
  const parsed = parseConversationTest(yaml)
  if (!parsed.ok) throw new Error(parsed.message)
  return runConversationTest(promo(active), parsed.test, testDeps().deps)
}

describe('test expectations', () => {
  it('checks that a variable is unset, and that an empty string counts as set', async () => {
    const ok = await play(
      'name: a\ntrigger: { message: deal, chat_message_id: wamid.T1 }\nturns:\n  - bot: [{ text: "Code  (wamid.T1)" }]\n    unset: [code, tap.payload]\nend: { state: ended, unset: [code] }\n',
    )
    expect(ok.failures).toEqual([])
    const bad = await play('name: b\ntrigger: { button: { id: promo_10 } }\nturns:\n  - unset: [code]\n')
    expect(bad.failures).toEqual([{ where: 'turn 1', lines: ['variable code: expected unset, got "10"'] }])
  })

  it('passes when an event that must start nothing starts nothing, and says why when it did', async () => {
    const noPrefix = await play(
      'name: c\ntrigger: { button: { id: other_1 } }\nturns:\n  - bot: []\n    ignored: no_trigger\n',
    )
    expect(noPrefix.failures).toEqual([])
    expect(noPrefix.final).toBeNull()
    const inactive = await play('name: d\ntrigger: { message: deal }\nturns:\n  - ignored: inactive_flow\n', false)
    expect(inactive.failures).toEqual([])
    const wrongReason = await play('name: e\ntrigger: { message: deal }\nturns:\n  - ignored: no_trigger\n', false)
    expect(wrongReason.failures).toEqual([
      { where: 'turn 1', lines: ['ignored: expected no_trigger, got inactive_flow'] },
    ])
    const started = await play('name: f\ntrigger: { button: { id: promo_1 } }\nturns:\n  - ignored: true\n')
    expect(started.failures).toEqual([
      { where: 'turn 1', lines: ['expected the event to be ignored, but it started a run'] },
    ])
    const unexpected = await play('name: g\ntrigger: { message: deal }\nturns:\n  - bot: []\n', false)
    expect(unexpected.failures).toEqual([
      { where: 'start', lines: ['the trigger message does not start the flow: the flow is not active'] },
    ])
  })

  it('names the closest variable when an expected one is unset', async () => {
    const out = await play(
      'name: j\ntrigger: { button: { id: promo_5 } }\nturns:\n  - variables: { cdoe: "5", tap.paylod: promo_5 }\n',
    )
    expect(out.failures).toEqual([
      {
        where: 'turn 1',
        lines: [
          'variable cdoe: expected "5", got (unset); did you mean code?',
          'variable tap.paylod: expected "promo_5", got (unset); did you mean tap.payload?',
        ],
      },
    ])
  })

  it('lets a later message be expected to start nothing once the run has ended', async () => {
    const out = await play(
      'name: h\ntrigger: { message: deal }\nturns:\n  - state: ended\n  - user: "hello?"\n    bot: []\n    ignored: no_trigger\n    state: ended\n',
    )
    expect(out.failures).toEqual([])
  })

  it('under test, a button tap starts its inactive flow while a keyword does not (as in the emulator)', async () => {
    const out = await play(
      'name: i\ntrigger: { button: { id: promo_7 } }\nturns:\n  - bot: [{ text: "Code 7 (wamid.local_1)" }]\n',
      false,
    )
    expect(out.failures).toEqual([])
  })
})
