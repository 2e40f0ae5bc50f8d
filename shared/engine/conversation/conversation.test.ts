import { describe, expect, it } from 'vitest'
import { buildFlow, testDeps } from '../testing/fixtures'
import { parseConversationTest, serialiseConversationTest } from './format'
import { recordTest } from './record'
import { runConversationTest } from './run'
import { resumeRun, startRun } from '../machine'

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['book'] } },
    {
      type: 'question',
      name: 'q_age',
      config: { prompt: 'Age?', saveTo: 'age', answerType: 'number', retryMessage: 'Digits please', maxAttempts: 2 },
    },
    {
      type: 'interactive_message',
      name: 'slot',
      config: {
        mode: 'list',
        body: 'When, {{customer_name}}?',
        list: {
          buttonLabel: 'Slots',
          sections: [
            {
              title: 'Today',
              rows: [
                { id: 'am', title: 'Morning', description: '' },
                { id: 'pm', title: 'Evening', description: '' },
              ],
            },
          ],
        },
      },
    },
    { type: 'message', name: 'done', config: { text: 'Booked {{_last_row_text}} at age {{age}}' } },
  ],
  [
    ['trigger_1', 'out', 'q_age'],
    ['q_age', 'out', 'slot'],
    ['slot', 'am', 'done'],
    ['slot', 'pm', 'done'],
  ],
)

const passing = `
name: books the evening
contact: { name: Asha, phone: "+919800000001" }
trigger: { message: "Book" }
turns:
  - bot: [{ text: "Age?" }]
  - user: "abc"
    bot: [{ text: "\\"abc\\" is not a number.\\nDigits please" }]
    state: paused
  - user: "30"
    bot:
      - text: "When, Asha?"
        list: Slots
        rows: [Morning, Evening]
    variables: { age: 30 }
  - user: { row: Evening }
    bot: [{ text: "Booked Evening at age 30" }]
end:
  state: ended
  variables: { row_id: pm, trigger_1.keyword: book }
`

describe('conversation tests', () => {
  it('parses the YAML format and passes a conversation that matches', async () => {
    const parsed = parseConversationTest(passing)
    if (!parsed.ok) throw new Error(parsed.message)
    const out = await runConversationTest(flow, parsed.test, testDeps().deps)
    expect(out.failures).toEqual([])
    expect(out.final?.status).toBe('ended')
    expect(out.trace.map((t) => t.port)).toContain('pm')
  })

  it('reports each difference with where it happened and expected/actual lines', async () => {
    const wrong = passing
      .replace('"Booked Evening at age 30"', '"Booked Morning"')
      .replace('{ age: 30 }', '{ age: 31 }')
    const parsed = parseConversationTest(wrong)
    if (!parsed.ok) throw new Error(parsed.message)
    const out = await runConversationTest(flow, parsed.test, testDeps().deps)
    expect(out.failures).toEqual([
      { where: 'turn 3 (user: "30")', lines: ['variable age: expected 31, got 30'] },
      {
        where: 'turn 4 (user: {"row":"Evening"})',
        lines: [
          '- bot message 1: "Booked Morning"',
          '+ bot message 1: "Booked Evening at age 30"',
          '    text: expected "Booked Morning", got "Booked Evening at age 30"',
        ],
      },
    ])
  })

  it('fails clearly when the trigger does not start the flow or a tap names no option', async () => {
    const noStart = parseConversationTest('name: x\ntrigger: { message: "hello" }\nturns: [{ bot: [] }]\n')
    if (!noStart.ok) throw new Error(noStart.message)
    const a = await runConversationTest(flow, noStart.test, testDeps().deps)
    expect(a.failures[0]).toEqual({
      where: 'start',
      lines: ['the trigger message does not start the flow: no trigger of the flow matches it'],
    })
    const badTap = parseConversationTest(
      'name: y\ntrigger: { message: book }\nturns: [{ user: "5" }, { user: { row: Night } }]\n',
    )
    if (!badTap.ok) throw new Error(badTap.message)
    const b = await runConversationTest(flow, badTap.test, testDeps().deps)
    expect(b.failures[0]!.lines[0]).toBe('no row "Night" in the last list message (has "Morning", "Evening")')
  })

  it('refuses a malformed file with the path of the problem', () => {
    const bad = parseConversationTest('name: z\ntrigger: { message: hi }\nturns: [{ user: { tap: Yes } }]\n')
    expect(bad.ok).toBe(false)
    expect(!bad.ok && bad.message).toMatch(/^turns\.0\.user/)
    expect(parseConversationTest('name: [unclosed').ok).toBe(false)
    expect(parseConversationTest('name: z\ntrigger: { message: hi }\nturn: [{ user: hi }]\n')).toEqual({
      ok: false,
      message: 'turns: is required',
    })
  })

  it('records a real conversation as a test that serialises, parses back, and passes when played', async () => {
    const { deps } = testDeps()
    const asha = { id: 'c1', name: 'Asha', phone: '+919800000001' }
    const hello = { type: 'text' as const, text: 'book' }
    const s1 = await startRun(
      flow,
      { contact: asha, trigger: { kind: 'keyword', keyword: 'book', message: hello } },
      deps,
    )
    const age = { type: 'text' as const, text: '41' }
    const s2 = await resumeRun(flow, s1.state, age, asha, deps)
    const tap = { type: 'list_reply' as const, reply: { id: 'am', title: 'Morning' } }
    const s3 = await resumeRun(flow, s2.state, tap, asha, deps)
    const recorded = recordTest({
      name: 'recorded',
      contact: { name: 'Asha', phone: '+919800000001' },
      trigger: { message: 'book' },
      exchanges: [{ bot: s1.messages }, { user: age, bot: s2.messages }, { user: tap, bot: s3.messages }],
      final: s3.state,
    })
    const text = serialiseConversationTest(recorded)
    expect(text.indexOf('name:')).toBeLessThan(text.indexOf('turns:'))
    expect(text).toContain('- user:\n      row: Morning')
    const back = parseConversationTest(text)
    if (!back.ok) throw new Error(back.message)
    expect(back.test).toEqual(recorded)
    const replay = await runConversationTest(flow, back.test, testDeps().deps)
    expect(replay.failures).toEqual([])
  })
})

describe('a test that starts at a node', () => {
  const fromSlot = (start: string) => `
name: picks a slot with the age preset
trigger: { message: "book" }
start: ${start}
variables: { age: 41 }
turns:
  - bot: [{ text: "When, Test Customer?", rows: [Morning, Evening] }]
  - user: { row: Evening }
    bot: [{ text: "Booked Evening at age 41" }]
end: { state: ended }
`
  it('skips the trigger and what comes before the node, with the presets in place', async () => {
    const parsed = parseConversationTest(fromSlot('slot'))
    if (!parsed.ok) throw new Error(parsed.message)
    expect(serialiseConversationTest(parsed.test)).toMatch(/trigger:\n {2}message: book\nstart: slot\nvariables:/)
    const out = await runConversationTest(flow, parsed.test, testDeps().deps)
    expect(out.failures).toEqual([])
    expect(out.trace[0]!.nodeName).toBe('slot')
  })

  it('says so when the flow has no node of that name', async () => {
    const parsed = parseConversationTest(fromSlot('nowhere'))
    if (!parsed.ok) throw new Error(parsed.message)
    const out = await runConversationTest(flow, parsed.test, testDeps().deps)
    expect(out.failures).toEqual([{ where: 'start', lines: ['start: the flow has no node named "nowhere"'] }])
  })
})

describe('a conversation test with `now`', () => {
  const dated = {
    ...buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['book'] } },
        {
          type: 'question',
          name: 'ask_day',
          config: { prompt: 'Which day?', saveTo: 'day', answerType: 'date', future: true },
        },
        { type: 'message', name: 'done', config: { text: 'See you on {{day}}' } },
      ],
      [
        ['trigger_1', 'out', 'ask_day'],
        ['ask_day', 'out', 'done'],
      ],
    ),
    settings: { locale: 'en-GB', timeZone: 'Asia/Kolkata', defaultCountry: null },
  }
  const at = (now: string) => `
name: tomorrow
now: ${now}
trigger: { message: book }
turns:
  - user: tomorrow
    bot: [{ text: "See you on 2026-03-05" }]
`

  it("plays every turn on that moment, whatever the host's clock says", async () => {
    const parsed = parseConversationTest(at('2026-03-04T10:00:00Z'))
    if (!parsed.ok) throw new Error(parsed.message)
    // The host's clock is in January; the test's is 4 March, which is what "tomorrow" counts from.
    const out = await runConversationTest(dated, parsed.test, testDeps({ now: Date.UTC(2026, 0, 1) }).deps)
    expect(out.failures).toEqual([])
    expect(out.final?.startedAt).toBe(Date.parse('2026-03-04T10:00:00Z'))
  })

  it('takes an offset, and counts the day in the flow time zone (already the 5th in Kolkata at 20:00 UTC)', async () => {
    const parsed = parseConversationTest(at('2026-03-04T21:00:00+01:00'))
    if (!parsed.ok) throw new Error(parsed.message)
    const out = await runConversationTest(dated, parsed.test, testDeps().deps)
    expect(out.failures[0]?.lines).toContain('    text: expected "See you on 2026-03-05", got "See you on 2026-03-06"')
  })

  it('refuses a moment that is not ISO 8601 with a zone, and records the moment of a recorded run', () => {
    expect(parseConversationTest(at('4 March 2026'))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^now: /),
    })
    expect(parseConversationTest(at('2026-03-04T10:00:00'))).toMatchObject({ ok: false })
    const recorded = recordTest({
      name: 'r',
      now: Date.parse('2026-03-04T10:00:00Z'),
      contact: { name: 'A', phone: '+10000000000' },
      trigger: { message: 'book' },
      exchanges: [],
      final: { status: 'paused', error: null },
    })
    expect(serialiseConversationTest(recorded)).toMatch(/^name: r\nnow: 2026-03-04T10:00:00.000Z\ncontact:/)
  })
})
