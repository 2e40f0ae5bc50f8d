// The call stack in the engine (docs/engine.md, "Calls"): enter, pause inside, return, fail, nest, scope, trace.
import { describe, expect, it } from 'vitest'
import type { FlowDocument } from '../flow/document'
import { flowsFrom } from './flow-source'
import { MAX_CALL_DEPTH } from './limits'
import { closeRun, dueAt, resumeRun, startRun, wakeUp } from './machine'
import { ASHA, buildFlow, testDeps } from './testing/fixtures'
import { callable, caller, shop, verify } from './testing/calls'
import type { StepResult } from './types'
import type { NodeMock } from './deps'

const manual = { kind: 'manual' as const }

function depsWith(flows: FlowDocument[], mocks?: Record<string, NodeMock>) {
  const t = testDeps({ mocks })
  t.deps.flows = flowsFrom(flows)
  return t
}

const start = (flow: FlowDocument, deps: ReturnType<typeof testDeps>['deps'], presets = { secret: 'S3' }) =>
  startRun(flow, { contact: ASHA, trigger: manual, presets }, deps)

const steps = (r: StepResult) => r.trace.map((t) => [t.nodeName, t.phase, t.port, t.flowId ?? '', t.depth ?? 0])
const texts = (r: StepResult) => r.messages.map((m) => (m.type === 'text' ? m.text.body : m.type))

describe('a call', () => {
  it('enters the callee after its trigger, with only its inputs and the system variables, and pauses there', async () => {
    const { deps } = depsWith([verify])
    const r = await start(shop, deps)
    expect(r.state.status).toBe('paused')
    expect(steps(r)).toEqual([
      ['trigger_1', 'run', 'out', '', 0],
      ['call_verify', 'run', null, '', 0],
      ['hello', 'run', 'out', 'f_verify', 1],
      ['ask', 'run', null, 'f_verify', 1],
    ])
    // The default fills what the caller did not map; the caller's {{secret}} is out of the callee's reach.
    expect(texts(r)).toEqual(['Hello +919800000001; secret: .', 'Code?'])
    expect(r.trace[1]!.output).toEqual({ flowId: 'f_verify', inputs: { phone: '+919800000001', greeting: 'Hello' } })
    expect(r.state.calls).toEqual([
      {
        flowId: 'f_verify',
        revision: null,
        callNodeId: 'n_call_verify',
        callerVars: expect.objectContaining({ secret: 'S3' }),
      },
    ])
    expect(Object.keys(r.state.vars).sort()).toEqual(
      [
        'chat_message_id',
        'contact',
        'customer_name',
        'customer_phone',
        'greeting',
        'hello',
        'initial_message',
        'phone',
      ].sort(),
    )
    expect(r.state.waiting?.nodeId).toBe('n_ask')
  })

  it("resumes in the callee (a JSON round trip of the state), returns its outputs under the call node's name and goes on by done", async () => {
    const { deps } = depsWith([verify])
    const first = await start(shop, deps)
    const stored = JSON.parse(JSON.stringify(first.state))
    const r = await resumeRun(shop, stored, { type: 'button_reply', reply: { id: 'x', title: '1234' } }, ASHA, deps)
    expect(steps(r)).toEqual([
      ['ask', 'resume', 'out', 'f_verify', 1],
      ['end_ok', 'run', null, 'f_verify', 1],
      ['call_verify', 'resume', 'done', '', 0],
      ['done', 'run', 'out', '', 0],
    ])
    expect(texts(r)).toEqual(['Got 1234 for +919800000001 (S3)'])
    expect(r.state).toMatchObject({ status: 'ended', endReason: 'completed' })
    expect(r.state.calls).toBeUndefined()
    expect(r.state.vars.call_verify).toEqual({ code: '1234', phone: '+919800000001' })
    // The caller sees only the outputs: neither the callee's variables nor its interaction variables.
    for (const k of ['code', 'phone', 'greeting', 'button_id', '_last_button_text'])
      expect(r.state.vars).not.toHaveProperty(k)
  })

  it('a conversation-test mock of the call node gives its outputs without running the callee', async () => {
    const { deps } = depsWith([], { call_verify: { outputs: { code: '9', phone: '+1' } } })
    const r = await start(shop, deps)
    expect(texts(r)).toEqual(['Got 9 for +1 (S3)'])
    expect(steps(r).map((s) => s[0])).toEqual(['trigger_1', 'call_verify', 'done'])
  })

  it('a mock with an error leaves by failed', async () => {
    const { deps } = depsWith([], { call_verify: { error: 'no service' } })
    expect(texts(await start(shop, deps))).toEqual(['Failed: mocked_failure'])
  })
})

describe('a call that cannot be made leaves by failed, saying why', () => {
  const cases: Array<{ rule: string; flows: FlowDocument[] | null; from?: FlowDocument; code: string; says: RegExp }> =
    [
      { rule: 'no flow source at all', flows: null, code: 'callee_missing', says: /no flow 'f_verify'/ },
      { rule: 'the source has no such flow', flows: [], code: 'callee_missing', says: /no flow 'f_verify'/ },
      {
        rule: 'the node names no flow',
        flows: [verify],
        from: caller('', {}),
        code: 'callee_missing',
        says: /names no flow to call/,
      },
      {
        rule: 'the flow declares no interface',
        flows: [{ ...verify, interface: undefined }],
        code: 'not_callable',
        says: /Verify' declares no interface/,
      },
      {
        rule: 'a required input with no mapping and no default',
        flows: [verify],
        from: caller('f_verify', {}),
        code: 'input_missing',
        says: /needs input 'phone'/,
      },
    ]
  for (const c of cases)
    it(c.rule, async () => {
      const t = testDeps()
      if (c.flows) t.deps.flows = flowsFrom(c.flows)
      const r = await start(c.from ?? shop, t.deps)
      expect(texts(r)).toEqual([`Failed: ${c.code}`])
      const call = r.trace.find((e) => e.nodeName === 'call_verify')!
      expect(call).toMatchObject({ phase: 'run', port: 'failed', error: { code: c.code } })
      expect(call.error!.message).toMatch(c.says)
      expect(r.state.calls).toBeUndefined()
    })

  it('without an edge from failed, the run fails with the error at the call node', async () => {
    const lone = { ...shop, edges: shop.edges.filter((e) => e.sourcePort !== 'failed') }
    const r = await start(lone, testDeps().deps)
    expect(r.state).toMatchObject({ status: 'failed', error: { code: 'callee_missing', nodeName: 'call_verify' } })
  })
})

describe('a callee that does not return', () => {
  const quiet = (end: { returns?: Record<string, string> } | null) =>
    callable(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'm', config: { text: 'hi' } },
        ...(end ? [{ type: 'end' as const, name: 'end_1', config: end }] : []),
      ],
      [['trigger_1', 'out', 'm'], ...(end ? [['m', 'out', 'end_1'] as [string, string, string]] : [])],
      { id: 'f_verify', name: 'Quiet' },
      { inputs: [], outputs: [{ name: 'code' }, { name: 'phone' }] },
    )

  it('an End that returns only some declared outputs: failed with no_return, naming them', async () => {
    const r = await start(shop, depsWith([quiet({ returns: { code: '{{ 1 + 1 }}' } })]).deps)
    expect(texts(r)).toEqual(['hi', 'Failed: no_return'])
    expect(r.state.vars.call_verify).toEqual({
      error: { code: 'no_return', message: "Flow 'Quiet' ended at end_1 without returning 'phone'." },
    })
  })

  it('a dead end in the callee: failed with no_return', async () => {
    const r = await start(shop, depsWith([quiet(null)]).deps)
    expect((r.state.vars.call_verify as { error: { message: string } }).error.message).toBe(
      "Flow 'Quiet' ended on a path that leads nowhere without returning 'code', 'phone'.",
    )
  })

  it('a callee that declares no outputs returns by any End or dead end: done with nothing', async () => {
    const none = { ...quiet(null), interface: { inputs: [], outputs: [] } }
    const r = await start(shop, depsWith([none]).deps)
    expect(texts(r)).toEqual(['hi', 'Got  for  (S3)'])
    expect(r.state.vars.call_verify).toEqual({})
  })

  it('a callee that fails: the caller leaves by failed with callee_failed, naming the node and the reason', async () => {
    const broken = callable(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'blank', config: { text: '{{nothing}}' } },
      ],
      [['trigger_1', 'out', 'blank']],
      { id: 'f_verify', name: 'Broken' },
      { inputs: [], outputs: [] },
    )
    const r = await start(shop, depsWith([broken]).deps)
    expect(texts(r)).toEqual(['Failed: callee_failed'])
    const error = (r.state.vars.call_verify as { error: { message: string } }).error
    expect(error.message).toMatch(/^Flow 'Broken' failed at blank: /)
    expect(r.state.status).toBe('ended')
  })
})

describe('time inside a callee', () => {
  it('a Wait in the callee is the run waiting on time; the wake finds the callee and the call returns', async () => {
    const later = callable(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'wait', name: 'wait_1', config: { mode: 'duration', duration: '2h' } },
        { type: 'end', name: 'end_1', config: { returns: { code: '{{wait_1.until}}', phone: '{{phone}}' } } },
      ],
      [
        ['trigger_1', 'out', 'wait_1'],
        ['wait_1', 'out', 'end_1'],
      ],
      { id: 'f_verify' },
      { inputs: [{ name: 'phone', required: true }], outputs: [{ name: 'code' }, { name: 'phone' }] },
    )
    const { deps, advance } = depsWith([later])
    const first = await start(shop, deps)
    expect(dueAt(first.state)).toBe(first.state.startedAt + 2 * 3_600_000)
    advance(2 * 3_600_000)
    // The customer wrote when the run started: the wake's message is inside the 24-hour window.
    const r = await wakeUp(shop, first.state, { ...ASHA, lastInboundAt: first.state.startedAt }, deps)
    expect(steps(r)).toEqual([
      ['wait_1', 'resume', 'out', 'f_verify', 1],
      ['end_1', 'run', null, 'f_verify', 1],
      ['call_verify', 'resume', 'done', '', 0],
      ['done', 'run', 'out', '', 0],
    ])
    expect(texts(r)).toEqual(['Got 2026-01-01T11:00:00.000Z for +919800000001 (S3)'])
  })
})

describe('nested calls', () => {
  // f_outer calls f_verify through a middle flow that passes the phone on and hands back what it got.
  const middle = callable(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'call_flow',
        name: 'inner',
        config: { flowId: 'f_verify', inputs: { phone: '{{number}}', greeting: 'Hi' } },
      },
      { type: 'end', name: 'back', config: { returns: { code: '{{inner.code}}!', phone: '{{inner.phone}}' } } },
    ],
    [
      ['trigger_1', 'out', 'inner'],
      ['inner', 'done', 'back'],
    ],
    { id: 'f_middle' },
    { inputs: [{ name: 'number', required: true }], outputs: [{ name: 'code' }, { name: 'phone' }] },
  )
  const outer = caller('f_middle', { number: '{{customer_phone}}' }, 'f_outer')

  it('each level returns to the one below; the trace names each flow and depth', async () => {
    const { deps } = depsWith([middle, verify])
    const first = await start(outer, deps)
    expect(texts(first)).toEqual(['Hi +919800000001; secret: .', 'Code?'])
    expect(first.state.calls!.map((c) => [c.flowId, c.callNodeId])).toEqual([
      ['f_middle', 'n_call_verify'],
      ['f_verify', 'n_inner'],
    ])
    const r = await resumeRun(outer, first.state, { type: 'text', text: '77' }, ASHA, deps)
    expect(steps(r)).toEqual([
      ['ask', 'resume', 'out', 'f_verify', 2],
      ['end_ok', 'run', null, 'f_verify', 2],
      ['inner', 'resume', 'done', 'f_middle', 1],
      ['back', 'run', null, 'f_middle', 1],
      ['call_verify', 'resume', 'done', '', 0],
      ['done', 'run', 'out', '', 0],
    ])
    expect(texts(r)).toEqual(['Got 77! for +919800000001 (S3)'])
  })

  it(`a flow that calls itself stops at ${MAX_CALL_DEPTH} open calls with call_depth, and the failure comes back down`, async () => {
    const again = callable(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'call_flow', name: 'self', config: { flowId: 'f_verify', inputs: {} } },
      ],
      [['trigger_1', 'out', 'self']],
      { id: 'f_verify', name: 'Again' },
      { inputs: [], outputs: [] },
    )
    const r = await start(shop, depsWith([again]).deps)
    const deepest = r.trace.filter((t) => t.error?.code === 'call_depth')
    expect(deepest.map((t) => [t.nodeName, t.depth])).toEqual([['self', MAX_CALL_DEPTH]])
    expect(deepest[0]!.error!.message).toMatch(`at most ${MAX_CALL_DEPTH} calls may be open at once`)
    expect(Math.max(...r.trace.map((t) => t.depth ?? 0))).toBe(MAX_CALL_DEPTH)
    expect(texts(r)).toEqual(['Failed: callee_failed'])
    expect(r.state.status).toBe('ended')
  })
})

describe('the run is one, whatever its depth', () => {
  it('closing it (supersede, expiry, cancel) closes every open call', async () => {
    const { deps } = depsWith([verify])
    const first = await start(shop, deps)
    const closed = closeRun(first.state, 'expired', first.state.updatedAt)
    expect(closed.state).toMatchObject({ status: 'ended', endReason: 'expired', waiting: null })
    expect(closed.state.calls).toBeUndefined()
  })

  it('a resume whose callee can no longer be loaded fails the run with callee_missing', async () => {
    const { deps } = depsWith([verify])
    const first = await start(shop, deps)
    deps.flows = flowsFrom([])
    const r = await resumeRun(shop, first.state, { type: 'text', text: '1' }, ASHA, deps)
    expect(r.state).toMatchObject({ status: 'failed', error: { code: 'callee_missing' } })
    expect(r.state.calls).toBeUndefined()
  })

  it('a callable flow without a trigger starts at its first node no edge enters', async () => {
    const bare = callable(
      [
        { type: 'message', name: 'first', config: { text: 'from the top' } },
        { type: 'end', name: 'end_1', config: { returns: { code: '{{ 2 * 21 }}', phone: '' } } },
      ],
      [['first', 'out', 'end_1']],
      { id: 'f_verify' },
      { inputs: [], outputs: [{ name: 'code' }] },
    )
    const r = await start(shop, depsWith([bare]).deps)
    expect(texts(r)).toEqual(['from the top', 'Got 42 for  (S3)'])
  })

  it('a loop through a call is still bounded by the nodes one step may run', async () => {
    const echo = callable(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'end', name: 'end_1' },
      ],
      [['trigger_1', 'out', 'end_1']],
      { id: 'f_echo' },
      { inputs: [], outputs: [] },
    )
    const loop = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'call_flow', name: 'c', config: { flowId: 'f_echo' } },
      ],
      [
        ['trigger_1', 'out', 'c'],
        ['c', 'done', 'c'],
      ],
    )
    const r = await start(loop, depsWith([echo]).deps)
    expect(r.state).toMatchObject({ status: 'failed', error: { code: 'loop_limit' } })
  })
})
