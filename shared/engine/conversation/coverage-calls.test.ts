// Coverage through calls: each flow counts its own branches, reached by its own runs or inside a caller's run
// (trace events carry the flow they ran in and how deep).
import { describe, expect, it } from 'vitest'
import { callerFlow, verifyFlow } from '../../analysis/testing/call-flows'
import type { TraceEvent } from '../types'
import { branchCoverage } from './coverage'

/** A trace event of node `name` in `doc` leaving by `port`, at `depth` calls deep. */
function step(doc: ReturnType<typeof verifyFlow>, name: string, port: string | null, depth = 0): TraceEvent {
  const node = doc.nodes.find((n) => n.name === name)!
  return {
    runId: 'r1',
    seq: 0,
    nodeId: node.id,
    nodeName: node.name,
    nodeType: node.type,
    phase: 'run',
    input: null,
    output: null,
    port,
    startedAt: 0,
    durationMs: 0,
    error: null,
    warnings: [],
    messageIds: [],
    ...(depth ? { flowId: doc.id, depth } : {}),
  }
}

describe('coverage through calls', () => {
  // Node ids are unique within a flow only: the callee's question has the id of the caller's `thanks`.
  const caller = callerFlow()
  const callee = verifyFlow()
  callee.nodes[1]!.id = 'n_thanks'
  callee.edges = callee.edges.map((e) => (e.source === 'n_ask_phone' ? { ...e, source: 'n_thanks' } : e))
  callee.edges = callee.edges.map((e) => (e.target === 'n_ask_phone' ? { ...e, target: 'n_thanks' } : e))
  // The caller's run started at the call (a test's `start:`), the customer gave up in the callee, the call failed.
  const trace = [
    step(caller, 'call_verify', null),
    step(callee, 'ask_phone', null, 1),
    step(callee, 'ask_phone', 'out', 1),
    step(callee, 'end_ok', null, 1),
    step(caller, 'call_verify', 'failed'),
    step(caller, 'sorry', 'out'),
  ]
  const taken = (c: ReturnType<typeof branchCoverage>) => c.taken.map((b) => `${b.nodeName} ${b.port}`)

  it("counts the callee's branches for the callee, entered where its trigger leads", () => {
    const c = branchCoverage(callee, trace, caller.id)
    expect(taken(c)).toEqual(['trigger_1 out', 'ask_phone out'])
    expect(c.total).toBe(3)
  })

  it("leaves the callee's events out of the caller's coverage, whatever their node ids", () => {
    expect(taken(branchCoverage(caller, trace))).toEqual(['call_verify failed', 'sorry out'])
  })

  it("a flow's own runs count as before", () => {
    const own = [step(callee, 'trigger_1', 'out'), step(callee, 'ask_phone', 'failure')]
    expect(taken(branchCoverage(callee, own))).toEqual(['trigger_1 out', 'ask_phone failure'])
  })
})
