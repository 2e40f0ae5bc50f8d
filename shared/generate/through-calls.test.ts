// The generator through calls: a caller's suite reaches the branches inside the flows it calls, counted for each
// flow; a callable flow gets a suite of its own with its inputs as the tests' variables.
import { describe, expect, it } from 'vitest'
import { parseConversationTest, runConversationTest, serialiseConversationTest } from '../engine/conversation'
import { catalogueOf, type FlowCatalogue } from '../flow/catalogue'
import type { FlowDocument } from '../flow/document'
import { buildFlow } from '../analysis/testing/build'
import { callerFlow, verifyFlow } from '../analysis/testing/call-flows'
import { generateSuite, type Suite } from './suite'
import { exampleDeps } from './testing/deps'
import { flowSourceOf } from './through-calls'

/** Every test written to YAML, read back and played against `flow` with the calls running for real. */
async function replay(flow: FlowDocument, suite: Suite, flows?: FlowCatalogue): Promise<string[][]> {
  const out: string[][] = []
  for (const t of suite.tests) {
    const parsed = parseConversationTest(serialiseConversationTest(t.test))
    if (!parsed.ok) throw new Error(parsed.message)
    const deps = { ...exampleDeps(), ...(flows ? { flows: flowSourceOf(flows) } : {}) }
    const r = await runConversationTest(flow, parsed.test, deps)
    out.push(r.failures.flatMap((f) => [f.where, ...f.lines]))
  }
  return out
}

/** A callable flow that routes on its input `tier` before asking: the generator has to choose the input. */
function tierFlow(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { kind: 'manual' }],
      ['condition', 'is_gold', { rules: [{ left: '{{tier}}', operator: 'equals', right: 'gold' }] }],
      ['message', 'gold', { text: 'Welcome back, {{customer}}!' }],
      ['question', 'ask_why', { prompt: 'How can we help?', saveTo: 'why' }],
      ['end', 'end_1', { returns: { answer: '{{tier}}' } }],
    ],
    [
      ['trigger_1', 'out', 'is_gold'],
      ['is_gold', 'true', 'gold'],
      ['is_gold', 'false', 'ask_why'],
      ['gold', 'out', 'end_1'],
      ['ask_why', 'out', 'end_1'],
      ['ask_why', 'failure', 'end_1'],
    ],
    {
      id: 'flw_tier',
      name: 'Tier',
      active: false,
      interface: {
        inputs: [
          { name: 'tier', required: true },
          { name: 'customer', required: false },
        ],
        outputs: [{ name: 'answer' }],
      },
    },
  )
}

describe('generating through calls', () => {
  it("a caller's suite takes the branches inside the flow it calls, counted for that flow", async () => {
    const caller = callerFlow()
    const flows = catalogueOf([verifyFlow(), caller])
    const suite = await generateSuite(caller, exampleDeps(), { flows })
    expect(suite.dropped).toEqual([])
    expect(suite.unreached).toEqual([])
    expect(suite.flows.map((f) => [f.flowName, f.covered, f.total])).toEqual([
      ['Orders', 5, 5],
      ['Verify phone', 3, 3],
    ])
    // The customer answers the callee's question, and gives up there: the call then fails (no phone returned).
    const names = suite.tests.map((t) => t.test.name)
    expect(names.some((n) => n.includes('ask_phone') && n.includes('gives up'))).toBe(true)
    expect(await replay(caller, suite, flows)).toEqual(suite.tests.map(() => []))
  })

  it("aims values at a rule inside the callee, two calls deep, and the test names the callee's steps", async () => {
    // Orders → Region → a Condition on the customer's answer, which the generator has to choose ("IN").
    const region = buildFlow(
      [
        ['trigger', 'trigger_1', { kind: 'manual' }],
        ['question', 'ask_country', { prompt: 'Country code?', saveTo: 'code' }],
        ['condition', 'is_india', { rules: [{ left: '{{code}}', operator: 'equals', right: 'IN' }] }],
        ['end', 'end_in', { returns: { local: 'yes' } }],
        ['end', 'end_other', { returns: { local: 'no' } }],
      ],
      [
        ['trigger_1', 'out', 'ask_country'],
        ['ask_country', 'out', 'is_india'],
        ['ask_country', 'failure', 'end_other'],
        ['is_india', 'true', 'end_in'],
        ['is_india', 'false', 'end_other'],
      ],
      { id: 'flw_region', name: 'Region', active: false, interface: { inputs: [], outputs: [{ name: 'local' }] } },
    )
    const verify = verifyFlow()
    const verifyCalls = buildFlow(
      [
        ['trigger', 'trigger_1', { kind: 'manual' }],
        ['call_flow', 'call_region', { flowId: 'flw_region', inputs: {} }],
        ['end', 'end_ok', { returns: { phone: '{{call_region.local}}', verified: 'true' } }],
      ],
      [
        ['trigger_1', 'out', 'call_region'],
        ['call_region', 'done', 'end_ok'],
        ['call_region', 'failed', 'end_ok'],
      ],
      { id: verify.id, name: verify.name, active: false, interface: verify.interface },
    )
    const caller = callerFlow()
    const flows = catalogueOf([region, verifyCalls, caller])
    const suite = await generateSuite(caller, exampleDeps(), { flows })
    expect(suite.dropped).toEqual([])
    // Every callee returns on every path, so only a mocked call leaves by `failed`: the generator mocks one, at
    // each depth, and the rest of each test still runs the calls for real.
    expect(suite.unreached).toEqual([])
    expect(suite.flows.map((f) => [f.flowName, f.covered, f.total])).toEqual([
      ['Orders', 5, 5],
      ['Verify phone', 3, 3],
      ['Region', 5, 5],
    ])
    const failing = (call: string) => suite.tests.filter((t) => t.test.mocks?.[call]?.error !== undefined)
    expect(failing('call_verify').map((t) => Object.keys(t.test.mocks!))).toEqual([['call_verify']])
    expect(failing('call_region')).toHaveLength(1)
    expect(suite.tests.some((t) => t.test.turns.some((turn) => 'user' in turn && turn.user === 'IN'))).toBe(true)
    expect(await replay(caller, suite, flows)).toEqual(suite.tests.map(() => []))
  })

  it('without the callee the call fails and the caller is explored on its own', async () => {
    const caller = callerFlow()
    const suite = await generateSuite(caller, exampleDeps(), { flows: catalogueOf([caller]) })
    expect(suite.flows.map((f) => f.flowName)).toEqual(['Orders'])
    expect(suite.unreached.map((u) => `${u.nodeName} → ${u.port}`)).toEqual(['call_verify → done', 'thanks → out'])
  })

  it("a callable flow on its own: its inputs are the tests' variables, chosen for the rules that read them", async () => {
    const flow = tierFlow()
    const suite = await generateSuite(flow, exampleDeps())
    expect(suite.unreached).toEqual([])
    expect(suite.dropped).toEqual([])
    expect(suite.tests.map((t) => t.test.variables)).toContainEqual({ tier: 'gold' })
    expect(suite.tests.every((t) => typeof t.test.variables?.tier === 'string')).toBe(true)
    // Each test pins what the End returned: the tier it was given.
    for (const t of suite.tests) expect(t.test.end?.returns).toEqual({ answer: t.test.variables?.tier })
    expect(await replay(flow, suite)).toEqual(suite.tests.map(() => []))
  })
})

describe('aiming values across the call boundary', () => {
  // The callee returns one tier whatever happens; the caller routes on it. Only a mock of the call, returning an
  // aimed value, takes the caller's other ports: the generator writes one, and the call's failure too.
  const plan = () =>
    buildFlow(
      [
        ['trigger', 'trigger_1', { kind: 'manual' }],
        ['end', 'end_1', { returns: { tier: 'basic', points: '{{ 10 }}' } }],
      ],
      [['trigger_1', 'out', 'end_1']],
      {
        id: 'flw_plan',
        name: 'Plan',
        active: false,
        interface: { inputs: [], outputs: [{ name: 'tier' }, { name: 'points' }] },
      },
    )
  const shop = () =>
    buildFlow(
      [
        ['trigger', 'trigger_1', { kind: 'keyword', keywords: ['plan'] }],
        ['call_flow', 'call_plan', { flowId: 'flw_plan', inputs: {} }],
        ['condition', 'is_gold', { rules: [{ left: '{{call_plan.tier}}', operator: 'equals', right: 'gold' }] }],
        ['condition', 'many', { rules: [{ left: '{{call_plan.points}}', operator: 'greater_than', right: '500' }] }],
        ['message', 'gold', { text: 'Gold!' }],
        ['message', 'rich', { text: 'Lots of points: {{call_plan.points}}' }],
        ['message', 'plain', { text: 'Basic plan.' }],
        ['message', 'sorry', { text: 'Sorry.' }],
      ],
      [
        ['trigger_1', 'out', 'call_plan'],
        ['call_plan', 'done', 'is_gold'],
        ['call_plan', 'failed', 'sorry'],
        ['is_gold', 'true', 'gold'],
        ['is_gold', 'false', 'many'],
        ['many', 'true', 'rich'],
        ['many', 'false', 'plain'],
      ],
      { id: 'flw_shop', name: 'Shop' },
    )

  it('a rule of the caller on {{call.output}} is taken by a mock of the call returning the aimed value', async () => {
    const caller = shop()
    const flows = catalogueOf([plan(), caller])
    const suite = await generateSuite(caller, exampleDeps(), { flows })
    expect(suite.dropped).toEqual([])
    expect(suite.unreached).toEqual([])
    expect(suite.flows.map((f) => [f.flowName, f.covered, f.total])).toEqual([
      ['Shop', 11, 11],
      ['Plan', 1, 1],
    ])
    const outputs = suite.tests.flatMap((t) =>
      t.test.mocks?.call_plan?.outputs ? [t.test.mocks.call_plan.outputs] : [],
    )
    expect(outputs).toContainEqual(expect.objectContaining({ tier: 'gold' }))
    expect(outputs.some((o) => Number(o.points) > 500 && o.tier !== 'gold')).toBe(true)
    // The plain way is the callee's own answer: a test runs the call for real.
    expect(suite.tests.some((t) => !t.test.mocks?.call_plan)).toBe(true)
    expect(await replay(caller, suite, flows)).toEqual(suite.tests.map(() => []))
  })
})
