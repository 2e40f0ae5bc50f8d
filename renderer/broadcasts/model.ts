// How the Broadcasts screen names and counts things: pure, so the list, the detail and the tests say it the same way.

export type BroadcastStatusName = 'scheduled' | 'running' | 'paused' | 'waiting_limit' | 'done' | 'cancelled'
export type RecipientStateName = 'pending' | 'started' | 'sent' | 'failed' | 'blocked' | 'cancelled'

export const STATUS_LABEL: Record<BroadcastStatusName, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  paused: 'Paused',
  waiting_limit: 'Waiting for the daily limit',
  done: 'Done',
  cancelled: 'Cancelled',
}

/** The words of the manual trigger's results (Succeeded, Failed, Blocked), for the states a recipient goes through. */
export const STATE_LABEL: Record<RecipientStateName, string> = {
  pending: 'Pending',
  started: 'Started',
  sent: 'Succeeded',
  failed: 'Failed',
  blocked: 'Blocked',
  cancelled: 'Cancelled',
}

export const RECIPIENT_STATES = Object.keys(STATE_LABEL) as RecipientStateName[]

export type Counts = Record<RecipientStateName, number> & { total: number }

/** Recipients that are finished with (sent, failed, blocked or cancelled) out of all, and the share as a whole percent
 *  that reaches 100 only when every one is. */
export function progressOf(counts: Counts): { finished: number; total: number; percent: number } {
  const finished = counts.sent + counts.failed + counts.blocked + counts.cancelled
  const total = counts.total
  if (total === 0) return { finished, total, percent: 100 }
  const percent = finished >= total ? 100 : Math.min(99, Math.floor((finished / total) * 100))
  return { finished, total, percent }
}

/** A broadcast the back end is still moving on (the screen keeps reading its progress). */
export const isLive = (status: BroadcastStatusName): boolean =>
  status === 'scheduled' || status === 'running' || status === 'waiting_limit'

export const canPause = (status: BroadcastStatusName): boolean => isLive(status)
export const canResume = (status: BroadcastStatusName): boolean => status === 'paused'
export const canCancel = (status: BroadcastStatusName): boolean => isLive(status) || status === 'paused'

/** Message credits as the manual trigger's results say them; fractions kept to two places. */
export function credits(n: number): string {
  const shown = Number.isInteger(n) ? String(n) : n.toFixed(2)
  return `${shown} ${n === 1 ? 'credit' : 'credits'}`
}

/** "80 / s", "0.5 / s". */
export const ratePerSecond = (n: number): string => `${Number.isInteger(n) ? n : n.toFixed(1)} / s`

/** Tags typed as "vip, lapsed": trimmed, blanks and repeats dropped. */
export function readTags(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[,\n]+/)
        .map((t) => t.trim())
        .filter(Boolean),
    ),
  ]
}

/** Fields typed one per line as `city = Pune`; a line without `=` is named so the person can fix it. */
export function readFieldLines(
  text: string,
): { ok: true; fields: Record<string, string> } | { ok: false; message: string } {
  const fields: Record<string, string> = {}
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim()
    if (!line) continue
    const at = line.indexOf('=')
    const name = at < 0 ? '' : line.slice(0, at).trim()
    if (!name)
      return { ok: false, message: `Line ${i + 1} (“${line}”) needs a field name, “=” and a value, e.g. city = Pune.` }
    fields[name] = line.slice(at + 1).trim()
  }
  return { ok: true, fields }
}

/** The contact's zone an "at 10:00 in each contact's zone" schedule falls back to, and the one "at a date" starts
 *  from: the person's own. */
export const localZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone
