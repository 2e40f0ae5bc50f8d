// GET /healthz, /readyz and /metrics on the runtime's listener. /healthz: the process answers. /readyz: the store
// answers (one read, with a deadline), the channel accepted the token at the last try, and no due message has waited
// for a sender longer than OUTBOX_STUCK_MS: 200 when all hold, else 503 naming each failing check. /metrics: the
// Prometheus text of metrics.ts. Every answer of the listener is counted by route and status code.
import type { FastifyInstance } from 'fastify'
import type { ChannelAdapter } from './adapters/adapter'
import type { QueueStats } from './channel-store'
import type { RuntimeMetrics } from './metrics'

/** A due message with no sender for this long means sending is stuck (a healthy outbox claims within milliseconds). */
export const OUTBOX_STUCK_MS = 120_000
const STORE_DEADLINE_MS = 2000

export interface HealthDeps {
  stats(now: number): Promise<QueueStats>
  adapter: ChannelAdapter
  metrics: RuntimeMetrics
  now?: () => number
}

interface Check {
  ok: boolean
  detail: string
}

function deadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  )
  return Promise.race([work, late]).finally(() => clearTimeout(timer))
}

/** Which route an answer belongs to, for the metric's label (never the raw URL: flow ids would explode it). */
/**
 * One of a fixed set of labels, whatever the path: a label taken from the path would let anyone make a new series
 * per request (`/healthz1`, `/healthz2`, …) and grow the process's memory and /metrics without end (issue 18).
 */
export function routeLabel(url: string | undefined): string {
  if (!url) return 'other'
  if (url.startsWith('/chatbot-webhook/')) return 'trigger'
  if (url.startsWith('/api/v1/inbound')) return 'inbound'
  if (url.startsWith('/channel/webhook')) return 'channel_webhook'
  return /^\/(healthz|readyz|metrics)(?:[/?]|$)/.exec(url)?.[1] ?? 'other'
}

export function healthRoutes(deps: HealthDeps): (app: FastifyInstance) => void {
  const now = deps.now ?? Date.now
  const halted = () => deps.adapter.health?.().ok === false
  return (app) => {
    app.addHook('onResponse', async (req, reply) => {
      deps.metrics.responses.inc({ route: routeLabel(req.url), code: String(reply.statusCode) })
    })
    app.get('/healthz', async (_req, reply) => reply.send({ status: 'ok' }))
    app.get('/readyz', async (_req, reply) => {
      const at = now()
      const checks: Record<string, Check> = {}
      let stats: QueueStats | null = null
      try {
        stats = await deadline(deps.stats(at), STORE_DEADLINE_MS)
        checks.store = { ok: true, detail: 'the store answers' }
      } catch (err) {
        checks.store = {
          ok: false,
          detail: `the store does not answer: ${err instanceof Error ? err.message : String(err)}`,
        }
      }
      const health = deps.adapter.health?.() ?? { ok: true }
      checks.channel = health.ok
        ? { ok: true, detail: `${deps.adapter.name}: accepted at the last try` }
        : {
            ok: false,
            detail: `${deps.adapter.name}: sending stopped since ${new Date(health.since ?? at).toISOString()}: ${health.reason ?? 'refused'}`,
          }
      if (stats) {
        const waiting = stats.outboxWaitingMs
        checks.outbox =
          waiting > OUTBOX_STUCK_MS
            ? {
                ok: false,
                detail: `a due message has waited ${Math.round(waiting / 1000)} s for a sender (${stats.outboxDepth} unsent)`,
              }
            : { ok: true, detail: `${stats.outboxDepth} unsent, ${stats.inboxDepth} received and not yet processed` }
      }
      const ready = Object.values(checks).every((c) => c.ok) && stats !== null
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', checks })
    })
    app.get('/metrics', async (_req, reply) => {
      const text = await deps.metrics.text({ stats: () => deps.stats(now()), halted }, now())
      return reply.type(deps.metrics.contentType).send(text)
    })
  }
}
