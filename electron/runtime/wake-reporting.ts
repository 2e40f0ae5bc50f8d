// What `chatflow serve` makes of the wake scheduler's reports (wakes.ts): a log line per woken run with how late it
// ran (a warning when a wake was missed, i.e. ran more than a minute after its time: the server was down or behind),
// and metrics: wakes by outcome, the lag from due time to committed step, and the runs waiting on time (read from
// the store's index at each scrape). The scheduler's lease and poll come from the environment.
import { Counter, Gauge, Histogram } from 'prom-client'
import type { Logger } from 'pino'
import type { RuntimeMetrics } from './metrics'
import type { RuntimeStore } from './store'
import type { WakeOptions, WakeReport } from './wakes'

/** A wake this much after its time is reported as missed (a warning), not as an ordinary wake. */
export const MISSED_AFTER_MS = 60_000

export function wakeMetrics(metrics: RuntimeMetrics, store: RuntimeStore) {
  const registers = [metrics.registry]
  const wakes = new Counter({
    name: 'chatflow_wakes_total',
    help: 'Due runs handed to the conversation core: woken, or ignored (answered meanwhile, not due).',
    labelNames: ['outcome'],
    registers,
  })
  const lag = new Histogram({
    name: 'chatflow_wake_lag_seconds',
    help: "From a run's due time to its woken step committed.",
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 30, 60, 600, 3600],
    registers,
  })
  new Gauge({
    name: 'chatflow_runs_waiting_on_time',
    help: 'Paused runs with a due time (runs.wake_at set).',
    registers,
    async collect() {
      this.set(await store.waitingCount())
    },
  })
  return (r: WakeReport) => {
    wakes.inc({ outcome: r.action })
    if (r.action === 'woken') lag.observe(r.lateMs / 1000)
  }
}

/** Human form of a lateness: "340 ms", "12 s", "2 h 5 min". */
export function describeLate(ms: number): string {
  if (ms < 1000) return `${ms} ms`
  if (ms < 60_000) return `${Math.round(ms / 1000)} s`
  const min = Math.round(ms / 60_000)
  return min < 60 ? `${min} min` : `${Math.floor(min / 60)} h ${min % 60} min`
}

export function wakeLogger(logger: Logger) {
  return (r: WakeReport) => {
    const fields = {
      runId: r.runId,
      dueAt: new Date(r.wakeAt).toISOString(),
      lateMs: r.lateMs,
      action: r.action,
      ...(r.reason ? { reason: r.reason } : {}),
      ...(r.status ? { status: r.status } : {}),
    }
    if (r.action === 'woken' && r.lateMs >= MISSED_AFTER_MS)
      logger.warn(fields, `run woken ${describeLate(r.lateMs)} late (missed while the server was down or behind)`)
    else
      logger.info(
        fields,
        r.action === 'woken' ? `run woken (${describeLate(r.lateMs)} after its time)` : 'wake ignored',
      )
  }
}

const positive = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined || value === '') return fallback
  const n = Number(value)
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of milliseconds from 1`)
  return n
}

/** CHATFLOW_WAKE_POLL_MS (longest sleep between looks, 1000) and CHATFLOW_WAKE_LEASE_MS (a claim's life, 30000). */
export function wakeOptions(env: NodeJS.ProcessEnv): WakeOptions {
  return {
    pollMs: positive('CHATFLOW_WAKE_POLL_MS', env.CHATFLOW_WAKE_POLL_MS, 1000),
    leaseMs: positive('CHATFLOW_WAKE_LEASE_MS', env.CHATFLOW_WAKE_LEASE_MS, 30_000),
  }
}

/** serve's handler of the scheduler's reports: the log line and the metrics. */
export function wakeReports(logger: Logger, metrics: RuntimeMetrics, store: RuntimeStore): (r: WakeReport) => void {
  const count = wakeMetrics(metrics, store)
  const log = wakeLogger(logger)
  return (r) => {
    count(r)
    log(r)
  }
}
