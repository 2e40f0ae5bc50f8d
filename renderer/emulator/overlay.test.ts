import { describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import type { EmulatorSession, FlowCoverage } from '../../shared/api/commands/emulator'
import type { TraceEvent } from '../../shared/engine'
import { overlayOf, portKey } from './overlay'
import { callerShown, forgetPassedThrough, notePassedThrough, sessionShown } from './through-runs'

const doc = buildFlow(
  [
    { type: 'trigger', name: 't', config: { kind: 'manual' } },
    {
      type: 'interactive_message',
      name: 'pick',
      config: {
        body: 'Pick',
        buttons: [
          { id: 'a', title: 'A' },
          { id: 'b', title: 'B' },
        ],
      },
    },
    { type: 'message', name: 'ma', config: { text: 'A' } },
    { type: 'message', name: 'mb', config: { text: 'B' } },
  ],
  [
    ['t', 'out', 'pick'],
    ['pick', 'a', 'ma'],
    ['pick', 'b', 'mb'],
  ],
)
const ev = (nodeId: string, port: string | null, error = false): TraceEvent => ({
  runId: 'r',
  seq: 0,
  nodeId,
  nodeName: nodeId,
  nodeType: 'message',
  phase: 'run',
  input: null,
  output: null,
  port,
  startedAt: 0,
  durationMs: 0,
  error: error ? { code: 'x', message: 'x' } : null,
  warnings: [],
  messageIds: [],
})

const session = (trace: TraceEvent[], waiting: string | null): EmulatorSession => ({
  flowId: doc.id,
  contact: { id: 'c', name: 'C', phone: '+1555', optedIn: true, lastInboundAt: null, fields: {}, language: null },
  run: {
    id: 'r',
    status: waiting ? 'paused' : 'failed',
    triggerKind: 'manual',
    endReason: null,
    error: null,
    waitingNodeId: waiting,
    wakeAt: null,
    vars: {},
    startedAt: 0,
  },
  messages: [],
  trace,
  clockOffsetMs: 0,
})
const edgeId = (port: string) => doc.edges.find((e) => e.sourcePort === port)!.id

describe('canvas overlay', () => {
  it('marks the path, the waiting node and unreached nodes from one run', () => {
    const o = overlayOf(doc, session([ev('n_t', 'out'), ev('n_pick', null)], 'n_pick'), null)
    expect(o).toMatchObject({
      currentNodeId: 'n_pick',
      pathNodeIds: ['n_t', 'n_pick'],
      pathEdgeIds: [edgeId('out')],
      failedNodeIds: [],
    })
    expect(o.unreachedNodeIds).toEqual(['n_ma', 'n_mb'])
  })

  it('adds coverage: covered and uncovered edges and ports, failed nodes', () => {
    const coverage = {
      flowId: doc.id,
      covered: 2,
      total: 4,
      percent: 50,
      since: 0,
      runs: 1,
      reachedNodeIds: ['n_t', 'n_pick', 'n_ma'],
      branches: [
        { nodeId: 'n_t', nodeName: 't', port: 'out', portLabel: '', edgeId: edgeId('out'), covered: true },
        { nodeId: 'n_pick', nodeName: 'pick', port: 'a', portLabel: 'A', edgeId: edgeId('a'), covered: true },
        { nodeId: 'n_pick', nodeName: 'pick', port: 'b', portLabel: 'B', edgeId: edgeId('b'), covered: false },
        { nodeId: 'n_ma', nodeName: 'ma', port: 'out', portLabel: '', edgeId: null, covered: false },
      ],
    } satisfies FlowCoverage
    const o = overlayOf(doc, session([ev('n_t', 'out'), ev('n_pick', 'a'), ev('n_ma', null, true)], null), coverage)
    expect(o.flowId).toBe(doc.id)
    expect(o.failedNodeIds).toEqual(['n_ma'])
    expect(o.unreachedNodeIds).toEqual(['n_mb'])
    expect(o.uncoveredEdgeIds).toEqual([edgeId('b')])
    expect(new Set(o.coveredEdgeIds)).toEqual(new Set([edgeId('out'), edgeId('a')]))
    expect(new Set(o.coveredPorts)).toEqual(new Set([portKey('n_t', 'out'), portKey('n_pick', 'a')]))
    // An unconnected port is a branch too.
    expect(o.uncoveredPorts).toEqual([portKey('n_pick', 'b'), portKey('n_ma', 'out')])
  })

  it('counts a port the current run took as covered before the coverage figure catches up', () => {
    const o = overlayOf(doc, session([ev('n_t', 'out'), ev('n_pick', 'b')], null), null)
    expect(o.coveredPorts).toEqual([portKey('n_t', 'out'), portKey('n_pick', 'b')])
    expect(o.uncoveredPorts).toEqual([])
  })

  // Issue 30: a callee's steps come in the caller's trace (flowId set) and may reuse the caller's node ids.
  it("draws only the flow's own steps; a run waiting inside a call has the call node current", () => {
    const inside = (e: TraceEvent): TraceEvent => ({ ...e, flowId: 'flw_callee', depth: 1 })
    const base = session(
      [ev('n_t', 'out'), inside(ev('n_ma', 'out')), ev('n_pick', null), inside(ev('n_mb', null))],
      'n_mb',
    )
    const waiting = { ...base, run: { ...base.run!, waitingFlowId: 'flw_callee' } }
    const o = overlayOf(doc, waiting, null)
    expect(o.pathNodeIds).toEqual(['n_t', 'n_pick'])
    expect(o.pathEdgeIds).toEqual([edgeId('out')])
    expect(o.currentNodeId).toBe('n_pick')
  })

  // Issue 30: the canvas of the called flow draws the steps a caller's run took in it, and the way in by its trigger.
  it("on a called flow's canvas, a caller's run draws only its steps in that flow", () => {
    const inside = (e: TraceEvent): TraceEvent => ({ ...e, flowId: doc.id, depth: 1 })
    const caller = (waitingFlowId: string | null) => {
      // The caller's own node ids are the callee's too (n_t, n_pick): only the events with flowId count here.
      const s = session([ev('n_t', 'out'), ev('n_pick', null), inside(ev('n_pick', null))], 'n_pick')
      return { ...s, flowId: 'flw_caller', run: { ...s.run!, waitingFlowId } }
    }
    const waiting = overlayOf(doc, caller(doc.id), null)
    expect(waiting.pathNodeIds).toEqual(['n_t', 'n_pick'])
    expect(waiting.pathEdgeIds).toEqual([edgeId('out')])
    expect(waiting.currentNodeId).toBe('n_pick')
    // Once the run is back in the caller, this flow has no current node; its path stays.
    const back = overlayOf(doc, caller('flw_caller'), null)
    expect(back.currentNodeId).toBeNull()
    expect(back.pathNodeIds).toEqual(['n_t', 'n_pick'])
    // A caller's run that did not go through this flow draws nothing here.
    const elsewhere = overlayOf(doc, { ...caller('flw_caller'), trace: [ev('n_t', 'out'), ev('n_ma', null)] }, null)
    expect([elsewhere.pathNodeIds, elsewhere.pathEdgeIds, [elsewhere.currentNodeId ?? []]].flat(2)).toEqual([])
  })

  it('the canvas of a called flow shows the more recent of its own session and a caller run through it', () => {
    forgetPassedThrough()
    const at = (e: TraceEvent, startedAt: number, flowId?: string): TraceEvent => ({ ...e, startedAt, flowId })
    const own = { ...session([at(ev('n_t', 'out'), 10)], null) }
    const through = {
      ...session([at(ev('n_x', 'done'), 20), at(ev('n_pick', null), 21, doc.id)], null),
      flowId: 'flw_c',
    }
    expect(sessionShown(doc.id, own)).toBe(own)
    notePassedThrough(through, 'Caller')
    expect(sessionShown(doc.id, own)).toBe(through)
    expect(sessionShown(doc.id, null)).toBe(through)
    expect(callerShown(doc.id, own)?.flowName).toBe('Caller')
    expect(sessionShown('flw_c', null)).toBeNull()
    const newer = { ...session([at(ev('n_t', 'out'), 30)], null) }
    expect(sessionShown(doc.id, newer)).toBe(newer)
    expect(callerShown(doc.id, newer)).toBeNull()
    forgetPassedThrough()
  })

  it('shows nothing without a session or coverage', () => {
    const o = overlayOf(doc, null, null)
    expect(
      [
        o.pathNodeIds,
        o.unreachedNodeIds,
        o.coveredEdgeIds,
        o.uncoveredEdgeIds,
        o.coveredPorts,
        o.uncoveredPorts,
      ].flat(),
    ).toEqual([])
  })
})
