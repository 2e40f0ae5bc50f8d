// `wait:` turns in conversation tests: the player's clock moves (never real time) and the core gets a wake, so a
// remind-then-give-up flow plays in no time, the same on every run; what a wake sends is checked like any answer.
import { describe, expect, it } from 'vitest'
import { buildFlow, testDeps } from '../testing/fixtures'
import { parseConversationTest } from './format'
import { runConversationTest } from './run'
import { branchCoverage } from './coverage'

// Keyword → rate (no reply within 4h) → thanks; 4 h → reminder (no reply within 19h) → thanks; 19 h more → gave up.
const flow = {
  ...buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['rate'] } },
      {
        type: 'question',
        name: 'rate',
        config: { prompt: 'Rate us 1-5', saveTo: 'rating', answerType: 'number', min: 1, max: 5, noReplyWithin: '4h' },
      },
      {
        type: 'question',
        name: 'remind',
        config: { prompt: 'Just checking: 1-5?', saveTo: 'rating', answerType: 'number', noReplyWithin: '19h' },
      },
      { type: 'message', name: 'thanks', config: { text: 'Thanks for {{rating}}' } },
      { type: 'wait', name: 'later', config: { mode: 'time_of_day', time: '10:00', days: 1 } },
      { type: 'message', name: 'gave_up', config: { text: 'We will not ask again. (woke {{later.woke_at}})' } },
    ],
    [
      ['trigger_1', 'out', 'rate'],
      ['rate', 'out', 'thanks'],
      ['rate', 'timeout', 'remind'],
      ['remind', 'out', 'thanks'],
      ['remind', 'timeout', 'later'],
      ['later', 'out', 'gave_up'],
    ],
  ),
  settings: { locale: 'en-GB', timeZone: 'Europe/London', defaultCountry: null },
}

async function play(turns: string, head = 'now: "2026-03-27T12:00:00Z"') {
  const parsed = parseConversationTest(`name: t\n${head}\ntrigger: { message: rate }\nturns:\n${turns}`)
  if (!parsed.ok) throw new Error(parsed.message)
  return runConversationTest(flow, parsed.test, testDeps().deps)
}

describe('wait: in conversation tests', () => {
  it('a reminder after 4 h, an answer to it, checked turn by turn', async () => {
    const out = await play(`
  - bot: [{ text: Rate us 1-5 }]
  - wait: 4h
    bot: [{ text: 'Just checking: 1-5?' }]
    state: paused
  - user: '5'
    bot: [{ text: Thanks for 5 }]
    state: ended
`)
    expect(out.failures).toEqual([])
  })

  it("a wait past the customer's window expires a run that waits for the customer only, as every host's sweep does", async () => {
    const asks = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['ask'] } },
        { type: 'question', name: 'q', config: { prompt: 'Name?', saveTo: 'name' } },
      ],
      [['trigger_1', 'out', 'q']],
    )
    const test = (wait: string) => {
      const parsed = parseConversationTest(
        `name: t\ntrigger: { message: ask }\nturns:\n  - bot: [{ text: Name? }]\n  - wait: ${wait}\n    bot: []\nend: { state: ended }\n`,
      )
      if (!parsed.ok) throw new Error(parsed.message)
      return runConversationTest(asks, parsed.test, testDeps().deps)
    }
    const expired = await test('24h')
    expect(expired.failures).toEqual([])
    expect(expired.final).toMatchObject({ status: 'ended', endReason: 'expired' })
    const open = await test('23h 59m 59s')
    expect(open.failures).toEqual([{ where: 'end', lines: ['state: expected ended, got paused'] }])
  })

  it('nothing happens before the time: the bot stays silent and the run still waits', async () => {
    const out = await play(`
  - bot: [{ text: Rate us 1-5 }]
  - wait: 3h 59m
    bot: []
    state: paused
  - user: '4'
    bot: [{ text: Thanks for 4 }]
`)
    expect(out.failures).toEqual([])
  })

  it('wait: due goes to the instant the run waits for; until: an instant in the flow’s zone', async () => {
    // 12:00 + 4 h = 16:00; + 19 h = 11:00 on Saturday 28; the Wait: 10:00 the next day, the 29th, after the clocks
    // went forward: 09:00 UTC. By then the customer's "rate" is 45 h old: the free-form message may not go out.
    const out = await play(`
  - wait: due
    bot: [{ text: 'Just checking: 1-5?' }]
  - wait: { until: '2026-03-28T11:00' }
    bot: []
    state: paused
  - wait: due
    bot: []
    state: failed
`)
    expect(out.failures).toEqual([])
    expect(out.final!.error).toMatchObject({ code: 'outside_window', nodeName: 'gave_up' })
    expect(out.final!.error!.message).toContain('131047')
  })

  it('a failing expectation after a wake says what was sent', async () => {
    const out = await play(`
  - wait: 4h
    bot: [{ text: 'Hello?' }]
`)
    expect(out.failures).toHaveLength(1)
    expect(out.failures[0]!.where).toBe('turn 1 (wait: "4h")')
    expect(out.failures[0]!.lines.join('\n')).toContain('Just checking: 1-5?')
  })

  it('a reply in the same instant as the timeout comes after it: the reminder, then the reply answers it', async () => {
    const out = await play(`
  - wait: 4h
    bot: [{ text: 'Just checking: 1-5?' }]
  - user: '3'
    bot: [{ text: Thanks for 3 }]
`)
    expect(out.failures).toEqual([])
  })

  it('coverage counts the timeout ports a wait took', async () => {
    const out = await play(`
  - wait: due
  - wait: due
`)
    const taken = branchCoverage(flow, out.trace).taken.map((b) => `${b.nodeName}.${b.port}`)
    expect(taken).toEqual(expect.arrayContaining(['rate.timeout', 'remind.timeout']))
    expect(branchCoverage(flow, out.trace).missed.map((b) => `${b.nodeName}.${b.port}`)).toContain('rate.out')
  })

  it('plays identically every time, whatever the real clock', async () => {
    const turns = `
  - wait: due
  - wait: due
  - wait: due
`
    const a = await play(turns)
    const b = await play(turns)
    expect(a.failures).toEqual([])
    expect(b.exchanges).toEqual(a.exchanges)
    expect(a.exchanges.map((x) => x.wait)).toEqual([undefined, '4h', '19h', '22h'])
    expect(a.final!.status).toBe('failed')
  })

  it('refuses what is not a wait, and time going backwards', async () => {
    const parsed = parseConversationTest(`name: t\ntrigger: { message: rate }\nturns: [{ wait: 2 weeks }]`)
    expect(parsed).toMatchObject({ ok: false, message: expect.stringContaining('turns.0.wait') })
    const back = await play(`  - wait: { until: '2026-03-01T10:00' }\n`)
    expect(back.failures[0]!.lines[0]).toContain('time only moves forward')
    const both = await play(`  - { user: '5', wait: 2h }\n`)
    expect(both.failures[0]!.lines[0]).toContain('not both')
  })

  it('after a wake past the customer’s 24-hour window a template still goes', async () => {
    const templated = {
      ...flow,
      nodes: flow.nodes.map((n) =>
        n.name === 'gave_up'
          ? { ...n, type: 'template_message', config: { templateName: 'bye', language: 'en', bodyParams: [] } }
          : n,
      ),
    }
    const parsed = parseConversationTest(
      [
        'name: t',
        'now: "2026-03-27T12:00:00Z"',
        'trigger: { message: rate }',
        'templates: [{ name: bye, language: en, category: UTILITY, header: { type: none }, body: "Thanks anyway.", buttons: [] }]',
        'turns:',
        '  - wait: due',
        '  - wait: due',
        '  - wait: due',
        '    bot: [{ template: bye, text: Thanks anyway. }]',
        'end: { state: ended }',
      ].join('\n'),
    )
    if (!parsed.ok) throw new Error(parsed.message)
    const out = await runConversationTest(templated, parsed.test, testDeps().deps)
    expect(out.failures).toEqual([])
  })
})
