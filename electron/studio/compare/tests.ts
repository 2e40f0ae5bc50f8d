import type {
  CompareSide,
  LostBranch,
  TestOnSides,
  TestsCompared,
  TestVerdict,
} from '../../../shared/api/commands/compare'
import { parseConversationTest, runConversationTest } from '../../../shared/engine/conversation'
import type { FlowDocument } from '../../../shared/flow/document'
import { loadFlow } from '../../../shared/nodes/load-flow'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { ApiFailure } from '../../services/failure'
import { readStoredFlow } from '../../services/store/stored-flow'
import { branchesOf, portKey, portsOf } from '../coverage/branches'
import { studioEffects } from '../effects/service'
import { conversationTests, flowOf } from '../emulator/service'
import type { HandlerContext, ServiceFactory } from '../handlers/types'

// The flow's saved conversation tests played on two versions of it (docs/canvas.md, "Comparing revisions"): which
// pass on one side and fail on the other, and which branches the tests took on the older side that the newer flow
// lost. The runs are not written (no Flow Logs, no coverage rows): a comparison looks, it does not test the draft.

/** The comparisons at work, by flow, each with the controller `compare.cancelTests` aborts. */
export const comparisons: ServiceFactory<Map<string, AbortController> & { close(): void }> = () => {
  const running = new Map<string, AbortController>()
  return Object.assign(running, { close: () => running.forEach((c) => c.abort()) })
}

export function sideDocument(ctx: HandlerContext, flowId: string, side: CompareSide): FlowDocument {
  if ('stored' in side) return flowOf(ctx, flowId)
  if ('revision' in side) {
    const row = ctx.db
      .prepare('SELECT document FROM flow_revisions WHERE flow_id = ? AND revision = ?')
      .pluck()
      .get(flowId, side.revision) as string | undefined
    if (row === undefined)
      throw new ApiFailure('not_found', `Revision ${side.revision} of this flow is no longer kept.`)
    return readStoredFlow(row)
  }
  const loaded = loadFlow(side.document)
  if (!loaded.ok) throw new ApiFailure('invalid_document', `That flow cannot be compared: ${loaded.error.message}`)
  return loaded.document
}

export async function compareTests(
  ctx: HandlerContext,
  flowId: string,
  before: FlowDocument,
  after: FlowDocument,
): Promise<TestsCompared> {
  const running = ctx.service(comparisons)
  if (running.has(flowId)) throw new ApiFailure('conflict', 'The tests of this flow are already being compared.')
  const abort = new AbortController()
  running.set(flowId, abort)
  try {
    const records = ctx.service(conversationTests).list(flowId)
    const effects = ctx.service(studioEffects)
    const total = records.length * 2
    let done = 0
    const taken = { before: new Set<string>(), after: new Set<string>() }
    const play = async (flow: FlowDocument, yaml: string, into: Set<string>): Promise<TestVerdict> => {
      if (abort.signal.aborted) throw new ApiFailure('cancelled', 'Comparing the tests was cancelled.')
      const parsed = parseConversationTest(yaml)
      let verdict: TestVerdict
      if (!parsed.ok) verdict = { passed: false, failures: [{ where: 'file', lines: [parsed.message] }] }
      else {
        const outcome = await runConversationTest(flow, parsed.test, { effects, catalog: nodeCatalog })
        for (const t of outcome.trace) if (t.port) into.add(portKey(t.nodeId, t.port))
        verdict = { passed: outcome.failures.length === 0, failures: outcome.failures }
      }
      ctx.emit('compare.testsProgress', { flowId, done: ++done, total })
      return verdict
    }
    const tests: TestOnSides[] = []
    for (const r of records) {
      tests.push({
        id: r.id,
        name: r.name,
        before: await play(before, r.yaml, taken.before),
        after: await play(after, r.yaml, taken.after),
      })
    }
    const differs = (t: TestOnSides) => t.before.passed !== t.after.passed
    tests.sort((a, b) => Number(differs(b)) - Number(differs(a)))
    const beforeBranches = branchesOf(before, taken.before)
    const afterBranches = branchesOf(after, taken.after)
    return {
      tests,
      differ: tests.filter(differs).length,
      lost: lostBranches(before, taken.before, after, taken.after),
      covered: {
        before: beforeBranches.filter((b) => b.covered).length,
        after: afterBranches.filter((b) => b.covered).length,
        totalBefore: beforeBranches.length,
        totalAfter: afterBranches.length,
      },
    }
  } finally {
    running.delete(flowId)
  }
}

/** Branches covered on the older side and not on the newer: gone with their node or output, or no longer reached. */
export function lostBranches(
  before: FlowDocument,
  takenBefore: ReadonlySet<string>,
  after: FlowDocument,
  takenAfter: ReadonlySet<string>,
): LostBranch[] {
  const present = new Set(after.nodes.flatMap((n) => portsOf(n).map((p) => portKey(n.id, p.id))))
  return branchesOf(before, takenBefore)
    .filter((b) => b.covered && !takenAfter.has(portKey(b.nodeId, b.port)))
    .map((b) => ({
      nodeId: b.nodeId,
      nodeName: b.nodeName,
      port: b.port,
      portLabel: b.portLabel,
      gone: !present.has(portKey(b.nodeId, b.port)),
    }))
}
