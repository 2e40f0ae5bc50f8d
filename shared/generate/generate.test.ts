import { describe, expect, it } from 'vitest'
import { parseConversationTest, runConversationTest, serialiseConversationTest } from '../engine/conversation'
import type { FlowDocument } from '../flow/document'
import { EXAMPLES, example } from '../analysis/testing/examples'
import { generateSuite, type Suite } from './suite'
import { exampleDeps } from './testing/deps'
import { mutants } from './testing/mutants'
import { HELD_OUT_LIKE } from './testing/flows'

/** Every test of the suite, written to YAML and read back, played against `flow`: the failures of each. */
async function replay(flow: FlowDocument, suite: Suite): Promise<string[][]> {
  const out: string[][] = []
  for (const t of suite.tests) {
    const parsed = parseConversationTest(serialiseConversationTest(t.test))
    if (!parsed.ok) throw new Error(parsed.message)
    const r = await runConversationTest(flow, parsed.test, exampleDeps())
    out.push(r.failures.flatMap((f) => [f.where, ...f.lines]))
  }
  return out
}

const flows: Array<[string, () => FlowDocument]> = [
  ...Object.keys(EXAMPLES).map((name): [string, () => FlowDocument] => [name, () => example(name)]),
  ...Object.entries(HELD_OUT_LIKE),
]

describe('a generated suite takes every branch it can, and every test passes', () => {
  it.each(flows)('%s', async (_name, make) => {
    const flow = make()
    const suite = await generateSuite(flow, exampleDeps())
    expect(suite.gaveUp).toBe(false)
    expect(suite.dropped).toEqual([])
    // What is not taken is proven unreachable, never merely not found.
    expect(suite.unreached.filter((u) => !u.proven)).toEqual([])
    expect(suite.covered + suite.unreached.length).toBe(suite.total)
    expect(await replay(flow, suite)).toEqual(suite.tests.map(() => []))
  })

  it("names the appointment's else as pre-empted by every row, and writes no test for it", async () => {
    const suite = await generateSuite(example('appointment'), exampleDeps())
    expect(suite.unreached.map((u) => `${u.nodeName} → ${u.portLabel}: ${u.reason}`)).toEqual([
      'by_service → Else: every choice that leads here goes another way (service_menu: Haircut → Hair, Colour → Hair, Manicure → Nails, Pedicure → Nails)',
      "unknown_service → Next: 'unknown_service' is only reached through branches no run can take",
    ])
  })

  it('pins what the bot says and what each branch decided, and names the test by its path', async () => {
    const suite = await generateSuite(example('age-gate'), exampleDeps())
    const minor = suite.tests.find((t) => t.test.name === 'ask_age "17" → is_adult: False → too_young "Exit" → ends')!
    expect(minor.test.turns).toEqual([
      { bot: [{ text: 'Welcome to the cellar! How old are you?' }] },
      {
        user: '17',
        bot: [
          { text: 'Sorry, you must be 18 or older. You typed 17. Did you mistype?', buttons: ['Try again', 'Exit'] },
        ],
        variables: { 'is_adult.result': false },
      },
      { user: { button: 'Exit' }, bot: [{ text: 'No problem. Come back when you are 18!' }], state: 'ended' },
    ])
    expect(minor.test.end).toEqual({ state: 'ended' })
  })

  it('mocks an HTTP Call for its success and failure ports, shaping the body from the sample', async () => {
    const suite = await generateSuite(HELD_OUT_LIKE.lookup!(), exampleDeps())
    const late = suite.tests.find((t) => t.test.name.includes('by_state: Late'))!
    expect(late.test.mocks?.fetch_order?.response).toMatchObject({
      status: 200,
      body: { id: 'AB-1234', state: 'shipped' },
    })
    expect((late.test.mocks!.fetch_order!.response!.body as { days: number }).days).toBeGreaterThan(5)
    const missing = suite.tests.find((t) => t.test.name.includes('not_found: True'))!
    expect(missing.test.mocks?.fetch_order?.response?.status).toBe(404)
  })

  it('gives up after its budget, and says so for what it did not reach', async () => {
    let t = 0
    const suite = await generateSuite(HELD_OUT_LIKE.nestedMenu!(), exampleDeps(), { budgetMs: 5, now: () => (t += 1) })
    expect(suite.gaveUp).toBe(true)
    expect(suite.unreached.some((u) => !u.proven && /gave up after 0\.0 s/.test(u.reason))).toBe(true)
  })
})

describe('mutation check: the suite of the original flow fails on a changed rule', () => {
  it.each(flows.filter(([name]) => name !== 'catalogue' && name !== 'order-status' && name !== 'lead-capture'))(
    '%s: every flipped operator is caught',
    async (_name, make) => {
      const flow = make()
      const suite = await generateSuite(flow, exampleDeps())
      for (const [what, mutant] of mutants(flow)) {
        const failures = await replay(mutant, suite)
        expect(
          failures.some((f) => f.length > 0),
          what,
        ).toBe(true)
      }
    },
  )

  it('a boundary moved by one (≥ 18 into > 18) is caught too: the suite answers 18', async () => {
    const flow = example('age-gate')
    const suite = await generateSuite(flow, exampleDeps())
    const [[, mutant]] = mutants(flow, (op) => (op === 'greater_or_equal' ? 'greater_than' : undefined)) as [
      [string, FlowDocument],
    ]
    expect((await replay(mutant, suite)).some((f) => f.length > 0)).toBe(true)
  })
})
