import { z } from 'zod'
import type { Database } from 'better-sqlite3'
import { readSettingOr, writeSetting } from '../settings/saved'

export const DEFAULT_PORT = 7373
export const DEFAULT_HOST = '127.0.0.1'
const SETTINGS_KEY = 'webhook.listener'

// Per-flow rate by default: 20 requests/s sustained, bursts of 40 — ample for a developer's scripts against a
// local studio, and it keeps a runaway loop from filling the Flow Logs. Load tests and the benchmark raise it.
export const ListenerSettingsSchema = z.object({
  host: z.string().trim().min(1).max(255).default(DEFAULT_HOST),
  /** 0 lets the system pick a free port (shown in the status). */
  port: z.number().int().min(0).max(65535).default(DEFAULT_PORT),
  ratePerSecond: z.number().positive().max(1_000_000).default(20),
  burst: z.number().int().min(1).max(1_000_000).default(40),
})
export type ListenerSettings = z.infer<typeof ListenerSettingsSchema>

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host)
}

/**
 * The saved settings, defaults for anything unset. Saved settings that cannot be read give the defaults and are
 * told to `report` (the studio's notice banner, serve's log): the listener must start either way.
 */
export function loadListenerSettings(db: Database, report: (message: string) => void): ListenerSettings {
  const defaults = ListenerSettingsSchema.parse({})
  return readSettingOr(db, SETTINGS_KEY, ListenerSettingsSchema, 'webhook listener settings', defaults, report)
}

export function saveListenerSettings(db: Database, settings: ListenerSettings, now: number): void {
  writeSetting(db, SETTINGS_KEY, settings, now)
}

/**
 * Process-level overrides that are not saved: `chatflow serve --port/--host` and tests set these so that one run
 * does not change the studio's stored settings.
 */
export function envOverrides(env: NodeJS.ProcessEnv = process.env): Partial<ListenerSettings> {
  const out: Partial<ListenerSettings> = {}
  if (env.CHATFLOW_WEBHOOK_HOST) out.host = env.CHATFLOW_WEBHOOK_HOST
  const port = env.CHATFLOW_WEBHOOK_PORT
  if (port !== undefined && /^\d{1,5}$/.test(port) && Number(port) <= 65535) out.port = Number(port)
  const rate = Number(env.CHATFLOW_WEBHOOK_RATE)
  if (env.CHATFLOW_WEBHOOK_RATE && rate > 0) {
    out.ratePerSecond = rate
    out.burst = Math.max(1, Math.ceil(rate * 2))
  }
  return out
}
