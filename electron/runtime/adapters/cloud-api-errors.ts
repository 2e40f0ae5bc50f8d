// What the Cloud API's answer to a send means for the outbox (docs/runtime.md, The channel, "Errors"): retry later
// (throttling, a temporary fault), fail the message for good (the channel refused it: shown on the run with the
// channel's code and text), or halt all sending (the token or the account is refused: nothing else can go either).
import { describeChannelError } from '../../../shared/channel/errors'

export type Verdict =
  | { kind: 'retry'; code: number | null; text: string; retryAfterMs?: number }
  | { kind: 'fail'; code: number | null; text: string }
  | { kind: 'halt'; code: number | null; text: string }

/** `{"error": {"message", "type", "code", "error_subcode"?, "error_data": {"details"}?, "fbtrace_id"}}` */
interface GraphError {
  message?: unknown
  code?: unknown
  error_subcode?: unknown
  error_user_title?: unknown
  error_data?: { details?: unknown }
}

/** Codes that stop every send until the token or account is fixed: the rest of the outbox waits, kept. */
const HALT = new Set([0, 3, 10, 190, 368, 131031])
/** Throttling and temporary service errors: the same message again, later. */
const RETRY = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056])

const isHalt = (code: number) => HALT.has(code) || (code >= 200 && code <= 299)

/** "Retry-After: 7" or an HTTP date, in milliseconds from `now`; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined
  const trimmed = header.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const at = Date.parse(trimmed)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** One line for the run's log: code, our hint, the channel's message and details; never the request or token. */
export function describeGraphError(status: number, error: GraphError | null): { code: number | null; text: string } {
  const code = typeof error?.code === 'number' ? error.code : null
  const text = describeChannelError({
    code,
    status,
    subcode: typeof error?.error_subcode === 'number' ? error.error_subcode : null,
    message: typeof error?.message === 'string' ? error.message : `HTTP ${status}`,
    details: typeof error?.error_data?.details === 'string' ? error.error_data.details : null,
  })
  return { code, text }
}

/** The verdict on a non-2xx answer: `body` is the parsed JSON (or null), `retryAfter` the header. */
export function classify(status: number, body: unknown, retryAfter: string | null): Verdict {
  const error =
    body && typeof body === 'object' && 'error' in body ? ((body as { error: GraphError }).error ?? null) : null
  const { code, text } = describeGraphError(status, error)
  if (code !== null && isHalt(code)) return { kind: 'halt', code, text }
  if (code === null && (status === 401 || status === 403)) return { kind: 'halt', code, text }
  if ((code !== null && RETRY.has(code)) || status === 429 || status >= 500) {
    const wait = retryAfterMs(retryAfter)
    return wait === undefined ? { kind: 'retry', code, text } : { kind: 'retry', code, text, retryAfterMs: wait }
  }
  return { kind: 'fail', code, text }
}
