// The runtime's logs: JSON lines (pino) on stderr, one object per event with `runId`, `contactId`, `messageId` where
// they apply, so a log store can follow a conversation. stdout keeps the start-up lines and the log adapter's
// outbound messages. Secrets are never passed to the logger; the redaction below is a second line of defence.
// Every line is bounded (log-bounds.ts): what a request sends can make a line long (a 1 MB message id) but not
// longer than LOG_LINE_BUDGET, and a request's repeated warnings are logged as one line with a count (foldReasons).
import pino, { type Logger } from 'pino'
import { boundLogArgs, boundLogValue, REDACTED, SECRET_KEYS } from './log-bounds'

export type { Logger }

const WARN = 40

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

/** Info lines gathered per write (about 100 lines of a step's size). */
export const LOG_GATHER_BYTES = 16 * 1024

/** `fd`: where the lines go (default 2, stderr); `destination`: another stream instead (tests). */
export function createLogger(opts: { level?: string; fd?: number; destination?: pino.DestinationStream } = {}): Logger {
  // Lines are gathered up to LOG_GATHER_BYTES per write and written at least every second: a write per line (one per
  // step and request) was about 9 % of serve's CPU per webhook request, a write per 4 KiB still 2-3 %. Warnings and
  // errors are written at once. pino writes what is left when the process exits; a SIGKILL can lose the last
  // second of info lines.
  const destination =
    opts.destination ??
    pino.destination({
      fd: opts.fd ?? 2,
      sync: false,
      minLength: LOG_GATHER_BYTES,
      maxWrite: 4 * LOG_GATHER_BYTES,
      periodicFlush: 1000,
    })
  const flush =
    'flush' in destination && typeof destination.flush === 'function'
      ? flusher(destination as unknown as Buffered)
      : null
  return pino(
    {
      name: 'chatflow',
      level: opts.level ?? 'info',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (object) => boundLogValue(object) },
      // Keys named like secrets (SECRET_KEYS) are redacted at any depth by the bounding walk of every logged object
      // (boundLogValue); pino's redaction by the same names, top-level paths only, covers a child logger's bindings,
      // which no formatter sees. Its wildcard paths (`*.token`, `*.*.token`) walked every value of every line again:
      // 3-4 % of serve's CPU per webhook request.
      redact: { paths: [...SECRET_KEYS], censor: REDACTED },
      hooks: {
        logMethod(args, method, level) {
          method.apply(this, boundLogArgs(args))
          if (level >= WARN && flush) flush()
        },
      },
    },
    destination,
  )
}

interface Buffered {
  flush(): void
  once(event: 'drain', listener: () => void): void
}

/**
 * Writes what is gathered now. A flush asked while a write is under way is dropped by the stream (what is left under
 * LOG_GATHER_BYTES waits for the next), so the write that drains it is followed by one more.
 */
function flusher(stream: Buffered): () => void {
  let again = false
  return () => {
    stream.flush()
    if (again) return
    again = true
    stream.once('drain', () => {
      again = false
      stream.flush()
    })
  }
}

/** A silent logger, for tests and embedders that pass none. */
export const silentLogger = (): Logger => pino({ level: 'silent' })

/** The runtime's older `(message) => void` callbacks (outbox, housekeeping, listener) as warnings of `logger`. */
export const warnLine = (logger: Logger) => (message: string) => logger.warn(message)
