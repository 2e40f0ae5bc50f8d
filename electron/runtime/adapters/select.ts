// Which adapter `chatflow serve` uses: --channel cloud-api sends to the channel's Cloud API itself; --outbound-url
// (CHATFLOW_OUTBOUND_URL) forwards to a gateway over HTTP; otherwise the log adapter writes JSON lines to
// --outbound-log (CHATFLOW_OUTBOUND_LOG) or stdout. docs/runtime.md lists them.
import type { CloudApiConfig } from '../channel-settings'
import type { ChannelAdapter } from './adapter'
import { CloudApiAdapter } from './cloud-api'
import { HttpAdapter } from './http-adapter'
import { LogAdapter } from './log-adapter'

export interface OutboundConfig {
  url?: string
  token?: string
  logFile?: string
  timeoutMs?: number
  attempts?: number
  backoffMs?: number
  /** After the channel refused the token: the pause before one message is tried again. */
  pauseMs?: number
}

const num = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined)

export function outboundFromEnv(
  flags: { url?: string; logFile?: string },
  env: NodeJS.ProcessEnv = process.env,
): OutboundConfig {
  return {
    url: flags.url ?? env.CHATFLOW_OUTBOUND_URL,
    token: env.CHATFLOW_OUTBOUND_TOKEN,
    logFile: flags.logFile ?? env.CHATFLOW_OUTBOUND_LOG,
    timeoutMs: num(env.CHATFLOW_OUTBOUND_TIMEOUT_MS),
    attempts: num(env.CHATFLOW_OUTBOUND_ATTEMPTS),
    backoffMs: num(env.CHATFLOW_OUTBOUND_BACKOFF_MS),
    pauseMs: num(env.CHATFLOW_OUTBOUND_PAUSE_MS),
  }
}

/**
 * How the outbox retries (outbox.ts): attempts in all, the first backoff, the pause after a refused token. A claimed
 * message is leased for three times the HTTP timeout (30 s by default): long enough that an attempt always ends
 * first, short enough that another instance takes over a crashed one's messages soon.
 */
export function outboxPolicy(c: OutboundConfig): {
  attempts?: number
  backoffMs?: number
  pauseMs?: number
  leaseMs: number
} {
  return {
    attempts: c.attempts,
    backoffMs: c.backoffMs,
    pauseMs: c.pauseMs,
    leaseMs: 3 * Math.max(100, c.timeoutMs ?? 10_000),
  }
}

/** The adapter, and a line saying where messages go (never a token). Throws on a bad URL. */
export function selectAdapter(
  c: OutboundConfig,
  cloud?: CloudApiConfig,
): { adapter: ChannelAdapter; describe: string } {
  if (cloud) {
    const adapter = new CloudApiAdapter({
      baseUrl: cloud.baseUrl,
      version: cloud.version,
      phoneNumberId: cloud.phoneNumberId,
      token: cloud.token,
      timeoutMs: c.timeoutMs,
    })
    return { adapter, describe: `the Cloud API, POST ${adapter.url}` }
  }
  if (c.url) {
    const adapter = new HttpAdapter({ url: c.url, token: c.token, timeoutMs: c.timeoutMs })
    return { adapter, describe: `POST ${c.url}` }
  }
  if (c.logFile)
    return { adapter: new LogAdapter({ file: c.logFile }), describe: `JSON lines appended to ${c.logFile}` }
  return { adapter: new LogAdapter(), describe: 'JSON lines on stdout' }
}
