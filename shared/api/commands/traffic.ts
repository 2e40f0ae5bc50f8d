import { z } from 'zod'
import { returns } from '../define'
import { FlowIdSchema } from './flows'

// Traffic of a flow's runs (issue #33, docs/logs.md "Traffic aggregates"): what the canvas overlay and the goal
// funnel read. Counted per cohort (the version a run started on, the UTC day it started), so a period is a range of
// UTC days, both ends included, and each run in it is counted once with everything it did. The same shapes are
// answered by `chatflow serve`'s publish API (GET /api/v1/flows/{id}/traffic and /funnel, docs/publish-api.md).

/** The longest period one query covers. */
export const MAX_TRAFFIC_DAYS = 400

/** A UTC day as `YYYY-MM-DD`, a real date. */
export const TrafficDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a day as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`)
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s
  }, 'not a date of the calendar')

const periodShape = {
  flowId: FlowIdSchema,
  from: TrafficDaySchema,
  to: TrafficDaySchema,
  /** The version (the runtime's published version; the studio's saved revision); absent: every version. */
  version: z.number().int().min(0).max(2_147_483_647).optional(),
}

const checkPeriod = (q: { from: string; to: string }, ctx: z.RefinementCtx): void => {
  const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000
  if (days < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: '`to` is before `from`' })
  else if (days + 1 > MAX_TRAFFIC_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: `a period of at most ${MAX_TRAFFIC_DAYS} days` })
}

export const TrafficQuerySchema = z.strictObject(periodShape).superRefine(checkPeriod)
export type TrafficQuery = z.infer<typeof TrafficQuerySchema>

export const FunnelQuerySchema = z
  .strictObject({ ...periodShape, goal: z.string().min(1).max(200) })
  .superRefine(checkPeriod)
export type FunnelQuery = z.infer<typeof FunnelQuerySchema>

/** The runs of the period: started in it, and how those ended so far (the rest are still paused). */
export interface TrafficRuns {
  started: number
  ended: number
  failed: number
  expired: number
  /** Closed while paused without being resumed: superseded by another flow, or cancelled. */
  abandoned: number
  /** Paused now. */
  waiting: number
  /** Customer messages the runs took, and per run. */
  turns: number
  turnsPerRun: number
}

export interface TrafficNode {
  nodeId: string
  /** Runs that reached the node (once per run, however often it looped). */
  reached: number
  /** Runs that ended there (the flow's end), failed there, expired waiting there, were abandoned waiting there. */
  ended: number
  failed: number
  expired: number
  abandoned: number
  /** Runs paused there now. */
  waiting: number
  /** Runs that stopped there: waiting + abandoned + expired + failed. */
  stopped: number
  /** Customers' answers at this waiting node and their median time (from a log-scale histogram, ±9 %). */
  answers: number
  medianAnswerMs: number | null
}

export interface TrafficEdge {
  from: string
  port: string
  to: string
  /** Runs that took this connection (once per run). */
  runs: number
  /** runs / the runs that reached `from`. */
  share: number
}

export interface TrafficReport {
  flowId: string
  from: string
  to: string
  version: number | null
  /** The versions with runs in the period, newest first (for a version picker). */
  versions: number[]
  runs: TrafficRuns
  nodes: TrafficNode[]
  edges: TrafficEdge[]
}

export interface FunnelStep {
  nodeId: string
  reached: number
  /** reached / the period's runs. */
  share: number
}

export interface FunnelReport {
  flowId: string
  from: string
  to: string
  version: number | null
  goal: string
  /** Runs of the period that reached the goal, of all the period's runs: "reached confirm: 412 of 1,930, 21 %". */
  reached: number
  runs: number
  share: number
  /** The path most runs took to the goal, from where they started: each node with the runs that reached it. */
  path: FunnelStep[]
}

/**
 * Whose runs: this studio's (absent), or those of a production server saved in the Publish dialog, read through its
 * publish API with the saved key (the same meaning as in logs.*). Only the studio's commands take it: the publish
 * API's routes read TrafficQuerySchema / FunnelQuerySchema, which do not.
 */
const ServerId = z.string().min(1).max(200).optional()

export const TrafficOverlayReqSchema = z.strictObject({ ...periodShape, serverId: ServerId }).superRefine(checkPeriod)
export const TrafficFunnelReqSchema = z
  .strictObject({ ...periodShape, serverId: ServerId, goal: z.string().min(1).max(200) })
  .superRefine(checkPeriod)

/** Two versions of one flow over one period, read together for the side-by-side view. */
export const TrafficCompareReqSchema = z
  .strictObject({
    flowId: FlowIdSchema,
    serverId: ServerId,
    from: TrafficDaySchema,
    to: TrafficDaySchema,
    goal: z.string().min(1).max(200).optional(),
    versions: z.tuple([periodShape.version.unwrap(), periodShape.version.unwrap()]),
  })
  .superRefine(checkPeriod)
export type TrafficCompareReq = z.infer<typeof TrafficCompareReqSchema>

/** One side of a comparison: the version's report, and its funnel to the goal when one was asked for. */
export type TrafficSide = TrafficReport & { funnel: FunnelReport | null }
export interface TrafficComparison {
  a: TrafficSide
  b: TrafficSide
}

export const trafficCommands = {
  /** A flow's runs over a period (the studio's own, or a saved server's): runs, nodes and connections. */
  'traffic.overlay': { req: TrafficOverlayReqSchema, res: returns<TrafficReport>() },
  /** A flow's runs over a period that reached `goal`, and the most taken path to it. */
  'traffic.funnel': { req: TrafficFunnelReqSchema, res: returns<FunnelReport>() },
  /** `versions[0]` as `a` and `versions[1]` as `b`, same period and goal: conversion, drop-off, endings, turns. */
  'traffic.compare': { req: TrafficCompareReqSchema, res: returns<TrafficComparison>() },
}
