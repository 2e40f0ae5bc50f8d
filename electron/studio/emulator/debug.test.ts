// The emulator's debug service through the real back end (SQLite file, fake clock): attach, pause at node and edge
// breakpoints, look, edit, continue, step, step over, stop, run from a node, watches, a saved test under debug, and a
// pause that survives a restart of the studio.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { caller, verify } from '../../../shared/engine/testing/calls'
import type { FlowDocument } from '../../../shared/flow/document'
import type { EmulatorSession } from '../../../shared/api/commands/emulator'
import type { Backend } from '../backend'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
let now: number
beforeEach(() => {
  now = Date.UTC(2026, 0, 1, 9)
  temp = createTempBackend({ now: () => now })
})
afterEach(() => temp.cleanup())

function cartFlow(id: string): FlowDocument {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['cart'] } },
      {
        type: 'condition',
        name: 'check',
        config: { join: 'and', rules: [{ left: '{{cart_total}}', operator: 'greater_than', right: '100' }] },
      },
      { type: 'message', name: 'big', config: { text: 'Big cart {{cart_total}} for {{customer_name}}' } },
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
    { id, name: 'Cart', active: true },
  )
}

async function setUp(b: Backend) {
  const created = expectOk(await b.call('flows.create', { name: 'Cart' }))
  const flow = cartFlow(created.id)
  expectOk(await b.call('flows.save', { document: flow, expectedRevision: created.revision }))
  const contact = expectOk(await b.call('emulator.contact', {}))
  return { t: { flowId: created.id, contactId: contact.id }, flow }
}

const nodeBp = (name: string, condition?: string) => ({
  id: `bp_${name}`,
  at: { kind: 'node' as const, nodeId: `n_${name}` },
  enabled: true,
  ...(condition ? { condition } : {}),
})
const texts = (s: EmulatorSession) =>
  s.messages.filter((m) => m.direction === 'out').map((m) => (m.payload.type === 'text' ? m.payload.text.body : m.type))
const ran = (s: EmulatorSession) => s.trace.map((e) => e.nodeName)

describe('the emulator debugger', () => {
  it('pauses a phone start at a node breakpoint and shows the variables, the node rendered and the stack', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    const attached = expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('big')] }))
    expect(attached.debug).toMatchObject({ paused: null, stack: [], node: null, watches: [] })
    const out = expectOk(
      await b.call('emulator.start', {
        ...t,
        trigger: { kind: 'keyword', text: 'cart' },
        presets: { cart_total: 150 },
      }),
    )
    const s = out.session
    expect(s.run?.status).toBe('paused')
    expect(s.run?.waitingNodeId).toBeNull()
    expect(ran(s)).toEqual(['trigger_1', 'check'])
    expect(s.debug?.paused).toMatchObject({ reason: 'breakpoint', breakpointId: 'bp_big', nodeId: 'n_big', depth: 0 })
    expect(s.debug?.stack).toEqual([{ flowId: t.flowId, flowName: 'Cart', nodeId: 'n_big' }])
    expect(s.debug?.node).toMatchObject({ name: 'big', type: 'message' })
    expect(s.debug?.node?.rendered).toEqual([
      {
        path: 'text',
        template: 'Big cart {{cart_total}} for {{customer_name}}',
        value: 'Big cart 150 for Test Customer',
      },
    ])
    expect(s.run?.vars.cart_total).toBe(150)

    const on = expectOk(await b.call('debug.continue', { ...t }))
    expect(texts(on)).toEqual(['Big cart 150 for Test Customer', 'Name?'])
    expect(on.run?.waitingNodeId).toBe('n_ask')
    expect(on.debug?.paused).toBeNull()
  })

  it('reads the flow’s stored breakpoints when attach gives none, and not at all while detached', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    expectOk(await b.call('breakpoints.set', { flowId: t.flowId, breakpoints: [nodeBp('ask')] }))
    const start = () =>
      b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'cart' }, presets: { cart_total: 1 } })
    const detached = expectOk(await start()).session
    expect(detached.run?.waitingNodeId).toBe('n_ask')
    expect(detached.debug).toBeUndefined()
    expectOk(await b.call('debug.attach', { ...t, on: true }))
    const s = expectOk(await start()).session
    expect(s.debug?.paused).toMatchObject({ nodeId: 'n_ask', breakpointId: 'bp_ask' })
  })

  it('a conditional edge breakpoint stops; a variable edited as JSON takes the other branch after continue', async () => {
    const b = temp.backend
    const { t, flow } = await setUp(b)
    const edge = flow.edges.find((e) => e.target === 'n_big')!
    const bp = {
      id: 'bp_e',
      at: { kind: 'edge' as const, edgeId: edge.id },
      enabled: true,
      condition: '{{cart_total}} > 100',
    }
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [bp, nodeBp('check')] }))
    const paused = expectOk(
      await b.call('emulator.start', {
        ...t,
        trigger: { kind: 'keyword', text: 'cart' },
        presets: { cart_total: 150 },
      }),
    ).session
    expect(paused.debug?.paused?.nodeId).toBe('n_check')
    // Bad JSON is refused with a stable code, and nothing of the run changes.
    const bad = await b.call('debug.setVariable', { ...t, path: 'cart_total', json: '{oops' })
    expect(bad).toMatchObject({ ok: false, error: { code: 'debug.json_invalid' } })
    const edited = expectOk(await b.call('debug.setVariable', { ...t, path: 'cart_total', json: '20' }))
    expect(edited.run?.vars.cart_total).toBe(20)
    expectOk(await b.call('debug.setVariable', { ...t, path: 'order.lines.count', json: '{"n": 2}' }))
    // A path cannot reach the objects' prototypes.
    for (const path of ['__proto__.polluted', 'order.constructor.x', 'a..b'])
      expect(await b.call('debug.setVariable', { ...t, path, json: '1' })).toMatchObject({
        ok: false,
        error: { code: 'bad_request' },
      })
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(await b.call('debug.watches', { ...t, expressions: Array(51).fill('{{a}}') })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    })
    const on = expectOk(await b.call('debug.continue', { ...t }))
    expect(on.run?.vars.order).toEqual({ lines: { count: { n: 2 } } })
    expect(texts(on)).toEqual(['Small cart 20', 'Name?'])
    // With the original value, the edge's breakpoint stops the run after the condition took `true`.
    const again = expectOk(
      await b.call('emulator.start', {
        ...t,
        trigger: { kind: 'keyword', text: 'cart' },
        presets: { cart_total: 150 },
      }),
    ).session
    expectOk(await b.call('debug.continue', { ...t }))
    const atEdge = expectOk(await b.call('emulator.session', { ...t }))
    expect(again.debug?.paused?.nodeId).toBe('n_check')
    expect(atEdge.debug?.paused).toMatchObject({
      reason: 'breakpoint',
      breakpointId: 'bp_e',
      edgeId: edge.id,
      nodeId: 'n_big',
    })
  })

  it('steps node by node, steps over the question with an answer, then stops the run', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('check')] }))
    expectOk(
      await b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'cart' }, presets: { cart_total: 5 } }),
    )
    const s1 = expectOk(await b.call('debug.step', { ...t }))
    expect(s1.debug?.paused).toMatchObject({ reason: 'step', nodeId: 'n_small' })
    const s2 = expectOk(await b.call('debug.step', { ...t }))
    expect(s2.debug?.paused).toMatchObject({ reason: 'step', nodeId: 'n_ask' })
    expect(texts(s2)).toEqual(['Small cart 5'])
    // Held before the question: step over runs it (it asks) and answers it, stopping before what follows.
    const over = expectOk(await b.call('debug.stepOver', { ...t, event: { type: 'text', text: 'Asha' } }))
    expect(texts(over)).toEqual(['Small cart 5', 'Name?'])
    expect(over.run?.vars.name).toBe('Asha')
    expect(over.debug?.paused).toMatchObject({ reason: 'step', nodeId: 'n_bye' })
    const stopped = expectOk(await b.call('debug.stop', { ...t }))
    expect(stopped.run).toMatchObject({ status: 'ended', endReason: 'cancelled' })
    expect(stopped.debug?.paused).toBeNull()
    expect(await b.call('debug.continue', { ...t })).toMatchObject({ ok: false, error: { code: 'not_paused' } })
    expect(await b.call('debug.step', { ...t })).toMatchObject({ ok: false, error: { code: 'not_paused' } })
  })

  it('sets a node output, and refuses a node the flow does not have', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('big')] }))
    expectOk(
      await b.call('emulator.start', {
        ...t,
        trigger: { kind: 'keyword', text: 'cart' },
        presets: { cart_total: 500 },
      }),
    )
    const set = expectOk(await b.call('debug.setNodeOutput', { ...t, nodeName: 'check', json: '{"result": false}' }))
    expect(set.run?.vars.check).toEqual({ result: false })
    const missing = await b.call('debug.setNodeOutput', { ...t, nodeName: 'nope', json: '1' })
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })

  it('runs from a node with the variables kept or replaced, running only what follows', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    expectOk(
      await b.call('emulator.start', {
        ...t,
        trigger: { kind: 'keyword', text: 'cart' },
        presets: { cart_total: 150 },
      }),
    )
    const kept = expectOk(await b.call('debug.runFrom', { ...t, nodeId: 'n_check' }))
    expect(ran(kept)).toEqual(['check', 'big', 'ask'])
    expect(texts(kept)).toEqual(['Big cart 150 for Test Customer', 'Name?'])
    const replaced = expectOk(await b.call('debug.runFrom', { ...t, nodeId: 'n_check', vars: { cart_total: 3 } }))
    expect(replaced.run?.id).not.toBe(kept.run?.id)
    expect(ran(replaced)).toEqual(['check', 'small', 'ask'])
    // Attached, a breakpoint after the start node stops the new run.
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('check'), nodeBp('ask')] }))
    const stopped = expectOk(await b.call('debug.runFrom', { ...t, nodeId: 'n_check', vars: { cart_total: 3 } }))
    expect(ran(stopped)).toEqual(['check', 'small'])
    expect(stopped.debug?.paused?.nodeId).toBe('n_ask')
    expect(await b.call('debug.runFrom', { ...t, nodeId: 'n_nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
  })

  it('keeps each watch’s value after every step', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('trigger_1')] }))
    expectOk(
      await b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'cart' }, presets: { cart_total: 7 } }),
    )
    const w = expectOk(
      await b.call('debug.watches', { ...t, expressions: ['{{cart_total}} * 2', '{{check.result}}', 'nope('] }),
    )
    expect(w.debug?.watches.map((x) => x.history.length)).toEqual([1, 1, 1])
    expect(w.debug?.watches[0]!.history[0]).toMatchObject({ value: 14 })
    expect(w.debug?.watches[2]!.history[0]!.error).toBeTruthy()
    expectOk(await b.call('debug.step', { ...t }))
    const s = expectOk(await b.call('debug.step', { ...t }))
    const check = s.debug!.watches[1]!.history
    // An unset variable reads empty (docs/expressions.md), until the Condition has run.
    expect(check.map((h) => h.value)).toEqual(['', '', false])
    expect(check.map((h) => h.step)).toEqual([1, 2, 3])
    // Setting the list again keeps the history of an expression kept.
    const again = expectOk(await b.call('debug.watches', { ...t, expressions: ['{{check.result}}'] }))
    expect(again.debug?.watches[0]!.history).toHaveLength(3)
  })

  it('a pause survives a restart of the studio: re-attached, the run continues from where it stopped', async () => {
    const { t } = await setUp(temp.backend)
    expectOk(await temp.backend.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('big')] }))
    expectOk(
      await temp.backend.call('emulator.start', {
        ...t,
        trigger: { kind: 'keyword', text: 'cart' },
        presets: { cart_total: 150 },
      }),
    )
    const b = await temp.reopen()
    const s = expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [] }))
    expect(s.debug?.paused?.nodeId).toBe('n_big')
    // A message that starts nothing does not reach a run held by the debugger.
    const ignored = expectOk(await b.call('emulator.send', { ...t, event: { type: 'text', text: 'hello?' } }))
    expect(ignored.action).toBe('ignored')
    expect(ignored.notice).toMatch(/paused in the debugger/)
    expect(ignored.session.debug?.paused?.nodeId).toBe('n_big')
    const on = expectOk(await b.call('debug.continue', { ...t }))
    expect(texts(on)).toEqual(['Big cart 150 for Test Customer', 'Name?'])
  })

  it('detaching lets a held run go on as if continued', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('big')] }))
    expectOk(
      await b.call('emulator.start', {
        ...t,
        trigger: { kind: 'keyword', text: 'cart' },
        presets: { cart_total: 150 },
      }),
    )
    const off = expectOk(await b.call('debug.attach', { ...t, on: false }))
    expect(off.debug).toBeUndefined()
    expect(off.run?.waitingNodeId).toBe('n_ask')
  })
})

describe('the phone’s rules', () => {
  it('going on in the debugger sends under the 24-hour window rule when the phone enforced it', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    // An operator's start to a contact who never wrote: the 24-hour window is closed, only templates may go out.
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('check')] }))
    const start = { ...t, trigger: { kind: 'manual' as const }, presets: { cart_total: 150 } }
    expectOk(await b.call('emulator.start', { ...start, enforceWindow: true }))
    const refused = expectOk(await b.call('debug.continue', { ...t }))
    expect(refused.run).toMatchObject({ status: 'failed', error: { code: 'outside_window' } })
    expect(texts(refused)).toEqual([])
    // The same without the switch sends, as the phone would.
    expectOk(await b.call('emulator.start', start))
    expect(texts(expectOk(await b.call('debug.continue', { ...t })))).toEqual([
      'Big cart 150 for Test Customer',
      'Name?',
    ])
  })
})

describe('debugging a saved test', () => {
  async function savedTest(b: Backend) {
    const { t, flow } = await setUp(b)
    const start = { ...t, trigger: { kind: 'keyword' as const, text: 'cart' }, presets: { cart_total: 150 } }
    expectOk(await b.call('emulator.start', start))
    expectOk(await b.call('emulator.send', { ...t, event: { type: 'text', text: 'Asha' } }))
    const test = expectOk(await b.call('emulator.saveTest', { ...t, name: 'big cart', presets: { cart_total: 150 } }))
    return { t, flow, test }
  }

  it('stops at the first breakpoint, and continues from there to the end', async () => {
    const b = temp.backend
    const { t, test } = await savedTest(b)
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('bye')] }))
    const s = expectOk(await b.call('debug.test', { ...t, testId: test.id }))
    expect(s.debug?.paused).toMatchObject({ reason: 'breakpoint', nodeId: 'n_bye' })
    expect(s.debug?.failedExpectation).toBeUndefined()
    expect(texts(s)).toEqual(['Big cart 150 for Test Customer', 'Name?'])
    const end = expectOk(await b.call('debug.continue', { ...t }))
    expect(texts(end)).toEqual(['Big cart 150 for Test Customer', 'Name?', 'Bye Asha'])
    expect(end.run?.status).toBe('ended')
  })

  it('stops at the first failed expectation, says which, and the run waits there to be stepped over', async () => {
    const b = temp.backend
    const { t, flow, test } = await savedTest(b)
    const record = expectOk(await b.call('flows.get', { id: t.flowId }))
    const changed = structuredClone(flow)
    changed.nodes.find((n) => n.name === 'big')!.config = { text: 'Large cart {{cart_total}}' }
    expectOk(await b.call('flows.save', { document: changed, expectedRevision: record.revision }))
    const s = expectOk(await b.call('debug.test', { ...t, testId: test.id }))
    // Turn 1 is the start's (the messages the trigger brings), as the test file numbers it.
    expect(s.debug?.failedExpectation?.turn).toBe(1)
    expect(s.debug?.failedExpectation?.message).toMatch(/Large cart 150/)
    expect(s.debug?.paused).toMatchObject({ reason: 'expectation', nodeId: 'n_ask' })
    const over = expectOk(await b.call('debug.stepOver', { ...t, event: { type: 'text', text: 'Meera' } }))
    expect(over.debug?.paused).toMatchObject({ reason: 'step', nodeId: 'n_bye' })
  })

  it('refuses a test that does not exist', async () => {
    const b = temp.backend
    const { t } = await setUp(b)
    expect(await b.call('debug.test', { ...t, testId: 'ct_nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
  })
})

describe('the call stack', () => {
  it('a breakpoint in a called flow stops inside the call; the stack names both flows, Step leads back out', async () => {
    const b = temp.backend
    const callee = expectOk(await b.call('flows.create', { name: 'Verify' }))
    const verifyDoc = { ...verify, id: callee.id, name: 'Verify' }
    expectOk(await b.call('flows.save', { document: verifyDoc, expectedRevision: callee.revision }))
    const root = expectOk(await b.call('flows.create', { name: 'Shop' }))
    const shopDoc = { ...caller(callee.id, { phone: '{{customer_phone}}' }, root.id), name: 'Shop' }
    expectOk(await b.call('flows.save', { document: shopDoc, expectedRevision: root.revision }))
    expectOk(await b.call('breakpoints.set', { flowId: callee.id, breakpoints: [nodeBp('ask')] }))
    const t = { flowId: root.id, contactId: expectOk(await b.call('emulator.contact', {})).id }
    expectOk(await b.call('debug.attach', { ...t, on: true }))
    const s = expectOk(await b.call('emulator.start', { ...t, trigger: { kind: 'manual' } })).session
    expect(s.debug?.paused).toMatchObject({ reason: 'breakpoint', nodeId: 'n_ask', flowId: callee.id, depth: 1 })
    expect(s.debug?.stack).toEqual([
      { flowId: root.id, flowName: 'Shop', nodeId: 'n_call_verify' },
      { flowId: callee.id, flowName: 'Verify', nodeId: 'n_ask' },
    ])
    expect(s.debug?.node).toMatchObject({ name: 'ask', type: 'question', rendered: [] })
    // Inside the call the variables are the callee's: a node output set there is the callee's node.
    const set = expectOk(await b.call('debug.setNodeOutput', { ...t, nodeName: 'hello', json: '"edited"' }))
    expect(set.run?.vars.hello).toBe('edited')
    expect(await b.call('debug.setNodeOutput', { ...t, nodeName: 'call_verify', json: '1' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    })
    const asked = expectOk(await b.call('debug.step', { ...t }))
    expect(asked.run?.waitingNodeId).toBe('n_ask')
    const over = expectOk(await b.call('debug.stepOver', { ...t, event: { type: 'text', text: '42' } }))
    expect(over.debug?.paused).toMatchObject({ nodeId: 'n_end_ok', flowId: callee.id, depth: 1 })
    const out = expectOk(await b.call('debug.step', { ...t }))
    expect(out.debug?.paused).toMatchObject({ nodeId: 'n_done', flowId: root.id, depth: 0 })
    expect(out.debug?.stack).toEqual([{ flowId: root.id, flowName: 'Shop', nodeId: 'n_done' }])
  })
})

describe('time under the debugger', () => {
  it('a wake from Skip ahead stops at a breakpoint on the node after the wait', async () => {
    const b = temp.backend
    const created = expectOk(await b.call('flows.create', { name: 'Later' }))
    const document = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'wait', name: 'pause', config: { duration: '2h' } },
        { type: 'message', name: 'later', config: { text: 'Two hours later' } },
      ],
      [
        ['trigger_1', 'out', 'pause'],
        ['pause', 'out', 'later'],
      ],
      { id: created.id, name: 'Later', active: true },
    )
    expectOk(await b.call('flows.save', { document, expectedRevision: created.revision }))
    const t = { flowId: created.id, contactId: expectOk(await b.call('emulator.contact', {})).id }
    expectOk(await b.call('debug.attach', { ...t, on: true, breakpoints: [nodeBp('later')] }))
    expectOk(await b.call('emulator.start', { ...t, trigger: { kind: 'manual' } }))
    const woke = expectOk(await b.call('emulator.skip', { ...t, to: { kind: 'due' } }))
    expect(woke.session.debug?.paused).toMatchObject({ reason: 'breakpoint', nodeId: 'n_later' })
    expect(texts(expectOk(await b.call('debug.continue', { ...t })))).toEqual(['Two hours later'])
  })
})
