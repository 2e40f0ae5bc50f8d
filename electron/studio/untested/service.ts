// tests.untestedTraffic (docs/testing.md, "Untested traffic"): the period's connections from the traffic aggregates
// (this studio's runs or a production server's), less those the flow's saved tests take when played as
// `chatflow test` plays them, most runs first, each with the newest run kept that took it. Playing the tests is the
// slow part: progress goes out as `tests.untestedProgress`, and `tests.cancelUntested` stops it between two tests.
import type { UntestedTraffic, UntestedTrafficQuery } from '../../../shared/api/commands/untested'
import { ApiFailure } from '../../services/failure'
import { studioEffects } from '../effects/service'
import { conversationTests, emulatorRuns, flowOf } from '../emulator/service'
import type { HandlerContext, ServiceFactory } from '../handlers/types'
import { untestedBranches } from './branches'
import { playSavedTests } from './play-tests'
import { untestedSource } from './source'

/** Run ids are looked up this many connections at a time (a server's API is asked once per connection). */
const LOOKUPS_AT_ONCE = 8

/** The computations at work, by flow; closing the back end cancels them. */
const working: ServiceFactory<Map<string, AbortController> & { close(): void }> = () => {
  const running = new Map<string, AbortController>()
  return Object.assign(running, { close: () => running.forEach((c) => c.abort()) })
}

export function cancelUntested(ctx: HandlerContext, flowId: string): boolean {
  const running = ctx.service(working).get(flowId)
  running?.abort()
  return running !== undefined
}

export async function untestedTraffic(ctx: HandlerContext, q: UntestedTrafficQuery): Promise<UntestedTraffic> {
  const flow = flowOf(ctx, q.flowId)
  const running = ctx.service(working)
  if (running.has(q.flowId))
    throw new ApiFailure('conflict', 'Untested traffic is already being found for this flow: wait for it, or cancel.')
  const controller = new AbortController()
  running.set(q.flowId, controller)
  try {
    const source = untestedSource(ctx, q.serverId)
    const period = {
      flowId: q.flowId,
      from: q.from,
      to: q.to,
      ...(q.version !== undefined ? { version: q.version } : {}),
    }
    const report = await source.report(period)
    const tests = ctx.service(conversationTests).list(q.flowId)
    const progress = (done: number, total: number) =>
      ctx.emit('tests.untestedProgress', { flowId: q.flowId, done, total })
    progress(0, tests.length)
    const covered = await playSavedTests(
      flow,
      tests.map((t) => t.yaml),
      { effects: ctx.service(studioEffects), flows: ctx.service(emulatorRuns).flows },
      { signal: controller.signal, onProgress: progress },
    )
    if (covered.cancelled) throw new ApiFailure('cancelled', 'Finding untested traffic was cancelled.')
    const found = untestedBranches(flow, report.edges, report.runs.started, covered.taken)
    const branches: UntestedTraffic['branches'] = []
    for (let i = 0; i < found.length; i += LOOKUPS_AT_ONCE) {
      const batch = found.slice(i, i + LOOKUPS_AT_ONCE)
      const ids = await Promise.all(
        batch.map((b) =>
          source.edgeRuns({ ...b, flowId: q.flowId, limit: 1, since: q.from, until: q.to, version: q.version }),
        ),
      )
      batch.forEach((b, j) => branches.push({ ...b, runId: ids[j]!.runs[0] ?? null }))
    }
    return { runs: report.runs.started, branches, tests: covered.tests, failedTests: covered.failed }
  } finally {
    running.delete(q.flowId)
  }
}
