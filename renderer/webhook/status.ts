import type { WebhookListenerStatus } from '../../shared/api/commands/webhook'

/** One line a person reads about the listener: where it listens, or why it does not. */
export function listenerLine(s: WebhookListenerStatus): string {
  switch (s.state) {
    case 'listening':
      return `Listening on ${s.url} · ${s.ratePerSecond} requests/s per flow (bursts of ${s.burst})`
    case 'starting':
      return `Starting on ${s.host}:${s.port}…`
    case 'stopped':
      return 'Stopped.'
    case 'failed':
      return s.error?.message ?? `Not listening on ${s.host}:${s.port}.`
  }
}

/** The port to offer after a failure: the listener's suggestion, else the configured one. */
export function portToOffer(s: WebhookListenerStatus): number {
  return s.state === 'failed' && s.suggestedPort ? s.suggestedPort : s.port
}

/** Parses the port field: a whole number 0–65535 (0: any free port), else null. */
export function parsePort(text: string): number | null {
  if (!/^\d{1,5}$/.test(text.trim())) return null
  const n = Number(text.trim())
  return n <= 65535 ? n : null
}
