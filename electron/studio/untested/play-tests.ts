// What a flow's saved tests cover, found by playing them: the same player and the same coverage count as
// `chatflow test` (runConversationTest, then branchCoverage over the traces of all of them), under the saved-test
// policy every host uses (docs/testing.md, "What a saved test may touch"). Played in memory: nothing goes to the
// Flow Logs, no test's last result changes, the studio's contacts are untouched.
import type { FlowDocument } from '../../../shared/flow/document'
import type { Effects } from '../../../shared/engine'
import type { TraceEvent } from '../../../shared/engine'
import { branchCoverage, parseConversationTest, runConversationTest } from '../../../shared/engine/conversation'
import type { FlowSource } from '../../../shared/engine'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { portKey } from '../coverage/branches'

export interface TestsCoverage {
  /** The (node, port) keys (coverage/branches.ts portKey) the tests took in the flow itself. */
  taken: Set<string>
  /** Tests played, and those that failed or could not be read (a failing test still covers what it ran). */
  tests: number
  failed: number
  /** Stopped before every test was played (`signal`). */
  cancelled: boolean
}

export async function playSavedTests(
  flow: FlowDocument,
  yamls: readonly string[],
  deps: { effects: Effects; flows?: FlowSource },
  opts: { signal?: AbortSignal; onProgress?: (done: number, total: number) => void } = {},
): Promise<TestsCoverage> {
  const trace: TraceEvent[] = []
  let failed = 0
  let done = 0
  for (const yaml of yamls) {
    if (opts.signal?.aborted) return { taken: new Set(), tests: done, failed, cancelled: true }
    const parsed = parseConversationTest(yaml)
    if (!parsed.ok) failed++
    else {
      const outcome = await runConversationTest(flow, parsed.test, {
        effects: deps.effects,
        catalog: nodeCatalog,
        ...(deps.flows ? { flows: deps.flows } : {}),
      })
      if (outcome.failures.length) failed++
      trace.push(...outcome.trace)
    }
    done++
    opts.onProgress?.(done, yamls.length)
  }
  const taken = new Set(branchCoverage(flow, trace).taken.map((b) => portKey(b.nodeId, b.port)))
  return { taken, tests: done, failed, cancelled: false }
}
