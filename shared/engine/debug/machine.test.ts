// The debugger in the run loop: pause before a node / on an edge, step (into and out of a call), continue, step over
// a waiting node, stop, and run from a node. Each pause is an ordinary paused run: JSON round trips are resumed.
import { describe, expect, it } from 'vitest'
import { closeRun, goOn, resumeRun, startRun } from '../machine'
import { flowsFrom } from '../flow-source'
import { ASHA, buildFlow, testDeps } from '../testing/fixtures'
import { shop, verify } from '../testing/calls'
import { debugHooks } from './breakpoints'
import type { Breakpoint } from './types'
import type { FlowDocument } from '../../flow/document'
import type { RunState, StepResult } from '../types'

const manual = { kind: 'manual' as const }

// trigger → check (cart_total > 100): true → big, false → small; both → ask → bye
const cart = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    {
      type: 'condition',
      name: 'check',
      config: { join: 'and', rules: [{ left: '{{cart_total}}', operator: 'greater_than', right: '100' }] },
    },
    { type: 'message', name: 'big', config: { text: 'Big cart {{cart_total}}' } },
    { type: 'message', name: 'small', config: { text: 'Small cart {{cart_total}}' } },
    { type: 'question', name: 'ask', config: { prompt: 'Name?', saveTo: 'name' } },
    { type: 'message', name: 'bye', config: { text: 'Bye {{name}}' } },
  ],
  [
    ['trigger_1', 'out', 'check'],
    ['check', 'true', 'big'],
    ['check', 'false', 'small'],
    ['big', 'out', 'ask'],
    ['small', 'out', 'ask'],
    ['ask', 'out', 'bye'],
  ],
  { id: 'f_cart' },
)
const edgeTo = (flow: FlowDocument, target: string) => flow.edges.find((e) => e.target === `n_${target}`)!.id

const node = (name: string, extra: Partial<Breakpoint> = {}): Breakpoint => ({
  id: `bp_${name}`,
  at: { kind: 'node', nodeId: `n_${name}` },
  enabled: true,
  ...extra,
})

function depsWith(bps: Breakpoint[], opts: { step?: boolean; flows?: FlowDocument[] } = {}) {
  const t = testDeps()
  t.deps.debug = debugHooks({ breakpoints: () => bps, step: opts.step })
  if (opts.flows) t.deps.flows = flowsFrom(opts.flows)
  return t.deps
}
const texts = (r: StepResult) => r.messages.map((m) => (m.type === 'text' ? m.text.body : m.type))
const names = (r: StepResult) => r.trace.map((t) => t.nodeName)
const roundTrip = (s: RunState): RunState => JSON.parse(JSON.stringify(s))
const start = (flow: FlowDocument, deps: ReturnType<typeof depsWith>, presets: Record<string, unknown> = {}) =>
  startRun(flow, { contact: ASHA, trigger: manual, presets }, deps)

describe('pausing at a breakpoint', () => {
  it('stops before the node runs, with what ran before committed, and goes on from that node', async () => {
    const deps = depsWith([node('big')])
    const r = await start(cart, deps, { cart_total: 150 })
    expect(r.state.status).toBe('paused')
    expect(r.state.waiting).toBeNull()
    expect(r.state.debug).toEqual({
      reason: 'breakpoint',
      breakpointId: 'bp_big',
      nodeId: 'n_big',
      flowId: 'f_cart',
      edgeId: edgeTo(cart, 'big'),
      depth: 0,
    })
    expect(names(r)).toEqual(['trigger_1', 'check'])
    expect(r.messages).toEqual([])
    const on = await goOn(cart, roundTrip(r.state), ASHA, deps)
    expect(names(on)).toEqual(['big', 'ask'])
    expect(texts(on)).toEqual(['Big cart 150', 'Name?'])
    expect(on.state.debug).toBeUndefined()
    expect(on.state.waiting?.nodeId).toBe('n_ask')
  })

  it('does not stop at a disabled breakpoint, or one whose condition is false', async () => {
    const off = await start(cart, depsWith([node('big', { enabled: false })]), { cart_total: 150 })
    expect(off.state.waiting?.nodeId).toBe('n_ask')
    const cond = await start(cart, depsWith([node('check', { condition: '{{ {{cart_total}} > 100 }}' })]), {
      cart_total: 50,
    })
    expect(cond.state.debug).toBeUndefined()
    expect(texts(cond)).toEqual(['Small cart 50', 'Name?'])
  })

  it("stops on an edge when the run takes it and the condition holds, written as '{{x}} > 100' too", async () => {
    const bp: Breakpoint = {
      id: 'bp_e',
      at: { kind: 'edge', edgeId: edgeTo(cart, 'small') },
      enabled: true,
      condition: '{{cart_total}} > 10',
    }
    const taken = await start(cart, depsWith([bp]), { cart_total: 50 })
    expect(taken.state.debug).toMatchObject({
      reason: 'breakpoint',
      breakpointId: 'bp_e',
      nodeId: 'n_small',
      edgeId: bp.at.kind === 'edge' ? bp.at.edgeId : '',
    })
    const notTaken = await start(cart, depsWith([bp]), { cart_total: 150 })
    expect(notTaken.state.debug).toBeUndefined()
    const conditionFalse = await start(cart, depsWith([bp]), { cart_total: 5 })
    expect(conditionFalse.state.debug).toBeUndefined()
  })

  it('a condition that fails to evaluate (an unknown function) does not stop the run', async () => {
    const r = await start(cart, depsWith([node('big', { condition: '{{ nosuchfunction({{cart_total}}) }}' })]), {
      cart_total: 150,
    })
    expect(r.state.debug).toBeUndefined()
  })

  it('a variable edited while paused decides the branch after continuing', async () => {
    const deps = depsWith([node('check')])
    const r = await start(cart, deps, { cart_total: 150 })
    expect(r.state.debug?.nodeId).toBe('n_check')
    const edited = { ...roundTrip(r.state), vars: { ...r.state.vars, cart_total: 20 } }
    const on = await goOn(cart, edited, ASHA, deps)
    expect(texts(on)).toEqual(['Small cart 20', 'Name?'])
  })
})

describe('stepping', () => {
  it('runs one node and stops before the next, step after step, to a waiting node', async () => {
    const paused = await start(cart, depsWith([node('check')]), { cart_total: 150 })
    const stepDeps = depsWith([], { step: true })
    const s1 = await goOn(cart, paused.state, ASHA, stepDeps)
    expect(names(s1)).toEqual(['check'])
    expect(s1.state.debug).toMatchObject({ reason: 'step', nodeId: 'n_big', edgeId: edgeTo(cart, 'big') })
    const s2 = await goOn(cart, s1.state, ASHA, stepDeps)
    expect(names(s2)).toEqual(['big'])
    expect(texts(s2)).toEqual(['Big cart 150'])
    expect(s2.state.debug?.nodeId).toBe('n_ask')
    const s3 = await goOn(cart, s2.state, ASHA, stepDeps)
    // The question asks and waits for the customer: a normal wait, no debugger pause.
    expect(s3.state.waiting?.nodeId).toBe('n_ask')
    expect(s3.state.debug).toBeUndefined()
  })

  it('steps over a waiting node with an answer and stops before the node after it', async () => {
    const deps = depsWith([])
    const waiting = await start(cart, deps, { cart_total: 150 })
    const over = await resumeRun(
      cart,
      waiting.state,
      { type: 'text', text: 'Asha' },
      ASHA,
      depsWith([], { step: true }),
    )
    expect(names(over)).toEqual(['ask'])
    expect(over.state.vars.name).toBe('Asha')
    expect(over.state.debug).toMatchObject({ reason: 'step', nodeId: 'n_bye' })
    const end = await goOn(cart, over.state, ASHA, deps)
    expect(texts(end)).toEqual(['Bye Asha'])
    expect(end.state.status).toBe('ended')
  })

  it('a breakpoint met while stepping says breakpoint', async () => {
    const paused = await start(cart, depsWith([node('check')]), { cart_total: 150 })
    const s = await goOn(cart, paused.state, ASHA, depsWith([node('big')], { step: true }))
    expect(s.state.debug).toMatchObject({ reason: 'breakpoint', breakpointId: 'bp_big' })
  })

  it('steps into a called flow and back out to its caller', async () => {
    const flows = [verify]
    const stopAtCall: Breakpoint = { id: 'bp_call', at: { kind: 'node', nodeId: 'n_call_verify' }, enabled: true }
    const paused = await start(shop, depsWith([stopAtCall], { flows }), { secret: 'S' })
    expect(paused.state.debug).toMatchObject({ nodeId: 'n_call_verify', flowId: 'f_shop', depth: 0 })
    const stepDeps = depsWith([], { step: true, flows })
    const into = await goOn(shop, paused.state, ASHA, stepDeps)
    expect(into.state.debug).toEqual({ reason: 'step', nodeId: 'n_hello', flowId: 'f_verify', depth: 1 })
    expect(into.state.calls).toHaveLength(1)
    // Through the callee to its question (a wait), answered with a step: stop before its End, still inside.
    const asked = await goOn(shop, roundTrip(into.state), ASHA, depsWith([], { flows }))
    expect(asked.state.waiting?.nodeId).toBe('n_ask')
    const answered = await resumeRun(shop, asked.state, { type: 'text', text: '42' }, ASHA, stepDeps)
    expect(answered.state.debug).toMatchObject({ nodeId: 'n_end_ok', flowId: 'f_verify', depth: 1 })
    // The End returns: the step stops in the caller, before the node its done port leads to.
    const out = await goOn(shop, answered.state, ASHA, stepDeps)
    expect(out.state.debug).toMatchObject({ reason: 'step', nodeId: 'n_done', flowId: 'f_shop', depth: 0 })
    expect(out.state.calls ?? []).toEqual([])
    const done = await goOn(shop, out.state, ASHA, depsWith([], { flows }))
    expect(texts(done)).toEqual(['Got 42 for +919800000001 (S)'])
  })

  it("a called flow's own breakpoints stop the run inside the call; the caller's ids do not match there", async () => {
    const t = testDeps()
    t.deps.flows = flowsFrom([verify])
    t.deps.debug = debugHooks({ breakpoints: (flowId) => (flowId === 'f_verify' ? [node('ask')] : []) })
    const r = await start(shop, t.deps)
    expect(r.state.debug).toMatchObject({ nodeId: 'n_ask', flowId: 'f_verify', depth: 1 })
  })
})

describe('continue, stop and run from', () => {
  it('refuses to go on from a run the debugger does not hold', async () => {
    const deps = depsWith([])
    const waiting = await start(cart, deps, { cart_total: 1 })
    await expect(goOn(cart, waiting.state, ASHA, deps)).rejects.toMatchObject({ code: 'not_paused' })
  })

  it('stop ends the paused run and clears the pause', async () => {
    const r = await start(cart, depsWith([node('big')]), { cart_total: 150 })
    const stopped = closeRun(r.state, 'cancelled', 5)
    expect(stopped.state).toMatchObject({ status: 'ended', endReason: 'cancelled' })
    expect(stopped.state.debug).toBeUndefined()
  })

  it('runs from a node with given variables: that node runs first, later breakpoints stop it', async () => {
    const deps = depsWith([node('check'), node('ask')])
    const r = await startRun(
      cart,
      { contact: ASHA, trigger: manual, startNodeId: 'n_check', presets: { cart_total: 7 } },
      deps,
    )
    expect(names(r)).toEqual(['check', 'small'])
    expect(r.state.debug).toMatchObject({ reason: 'breakpoint', nodeId: 'n_ask' })
  })

  it('a run without debug hooks is unchanged: no pause, no debug field', async () => {
    const t = testDeps()
    const r = await startRun(cart, { contact: ASHA, trigger: manual, presets: { cart_total: 150 } }, t.deps)
    expect(r.state.debug).toBeUndefined()
    expect(r.state.waiting?.nodeId).toBe('n_ask')
  })
})
