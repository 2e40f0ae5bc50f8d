import type { Database } from 'better-sqlite3'
import type { z } from 'zod'
import type { StudioNotice } from '../../../shared/api'
import { ApiFailure } from '../failure'

// Settings are JSON rows of the settings table. A saved value that no longer reads (edited by hand, damaged, written
// by another version) is reported, naming the setting: falling back to defaults without a word would change what
// the studio does (a listener on another port, logs kept for ever) while the user believes their choice holds.

/** The saved value of `key`, undefined when none is saved; throws `setting_unreadable` when it cannot be read. */
export function readSetting<T>(db: Database, key: string, schema: z.ZodType<T>, what: string): T | undefined {
  const raw = db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(key) as string | undefined
  if (raw === undefined) return undefined
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    throw unreadable(what, key, 'it is not valid JSON')
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw unreadable(what, key, issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'unexpected shape')
  }
  return parsed.data
}

/** `readSetting`, or `fallback` with the problem told to `report` (a start-up notice): for readers that must go on. */
export function readSettingOr<T>(
  db: Database,
  key: string,
  schema: z.ZodType<T>,
  what: string,
  fallback: T,
  report: (message: string) => void,
): T {
  try {
    return readSetting(db, key, schema, what) ?? fallback
  } catch (err) {
    if (!(err instanceof ApiFailure)) throw err
    report(err.message)
    return fallback
  }
}

export function writeSetting(db: Database, key: string, value: unknown, now: number): void {
  db.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(key, JSON.stringify(value), now)
}

function unreadable(what: string, key: string, why: string): ApiFailure {
  return new ApiFailure(
    'setting_unreadable',
    `The saved ${what} cannot be read (setting "${key}": ${why}). The defaults apply until you save it again.`,
  )
}

/** Tells every window (the notice banner) once that a saved setting could not be read. */
export function noticeOnce(notices: StudioNotice[], message: string): void {
  if (!notices.some((n) => n.message === message)) notices.push({ code: 'setting_unreadable', message })
}
