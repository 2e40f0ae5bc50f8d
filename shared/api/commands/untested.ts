import { z } from 'zod'
import { returns } from '../define'
import { FlowIdSchema } from './flows'
import { MAX_TRAFFIC_DAYS, TrafficDaySchema } from './traffic'

// Untested traffic (issue #33, docs/testing.md "Untested traffic"): the connections a flow's runs took over a period
// (the traffic aggregates: the studio's own runs, or a production server's through its publish API) that none of the
// flow's saved tests takes when they are played with the engine `chatflow test` uses. Each names a recent run that
// took it, so the Tests tab can save that run as a test (`logs.saveTest`).

export const UntestedTrafficQuerySchema = z
  .strictObject({
    flowId: FlowIdSchema,
    /** A production server saved in the Publish dialog (as in logs.*); absent: this studio's own runs. */
    serverId: z.string().min(1).max(200).optional(),
    from: TrafficDaySchema,
    to: TrafficDaySchema,
    /** The version runs started on; absent: every version. */
    version: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000
    if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` is before `from`' })
    else if (days + 1 > MAX_TRAFFIC_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `a period of at most ${MAX_TRAFFIC_DAYS} days` })
  })
export type UntestedTrafficQuery = z.infer<typeof UntestedTrafficQuerySchema>

/** A connection of today's flow that runs took and no saved test takes. */
export interface UntestedBranch {
  /** The connection: the node it leaves, by which port, and the node it goes to. */
  from: string
  port: string
  to: string
  /** Runs of the period that took it (once per run). */
  runs: number
  /** runs / the period's runs ("30 % of your customers take a branch no test covers"). */
  share: number
  /** The newest run kept that took it (to save as a test); null when none is kept any more. */
  runId: string | null
}

export interface UntestedTraffic {
  /** The period's runs (started in it). */
  runs: number
  /** Most runs first. */
  branches: UntestedBranch[]
  /** The saved tests played to find what they cover, and how many of them failed (a failing test still covers). */
  tests: number
  failedTests: number
}

/** While the saved tests play: `done` of `total` (event `tests.untestedProgress`). */
export interface UntestedProgress {
  flowId: string
  done: number
  total: number
}

export const untestedCommands = {
  /** The branches the period's runs took that no saved test of the flow covers, most runs first. */
  'tests.untestedTraffic': { req: UntestedTrafficQuerySchema, res: returns<UntestedTraffic>() },
  /** Stops the flow's `tests.untestedTraffic` at work (it answers `cancelled`); false when none is. */
  'tests.cancelUntested': { req: z.strictObject({ flowId: FlowIdSchema }), res: returns<{ cancelled: boolean }>() },
}

// ---- The publish API's "runs that took this edge" (GET /api/v1/flows/{id}/traffic/runs, docs/publish-api.md) ----

/** At most this many run ids per request. */
export const MAX_EDGE_RUNS = 100

export const EdgeRunsQuerySchema = z
  .strictObject({
    flowId: FlowIdSchema,
    /** The connection: its source node, port and target node. */
    from: z.string().min(1).max(200),
    port: z.string().min(1).max(200),
    to: z.string().min(1).max(200),
    limit: z.number().int().min(1).max(MAX_EDGE_RUNS).default(10),
    /** Only runs that started in these UTC days (both included); absent: every run kept. */
    since: TrafficDaySchema.optional(),
    until: TrafficDaySchema.optional(),
    version: z.number().int().min(0).max(2_147_483_647).optional(),
  })
  .superRefine((q, ctx) => {
    if (q.since && q.until && q.until < q.since)
      ctx.addIssue({ code: 'custom', path: ['until'], message: '`until` is before `since`' })
  })
export type EdgeRunsQuery = z.infer<typeof EdgeRunsQuerySchema>

/** Run ids, newest first. */
export interface EdgeRuns {
  runs: string[]
}
