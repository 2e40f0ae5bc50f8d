import { zonedToEpoch } from '../../shared/broadcast/zones'

// "Back to the bot at" of a takeover (the Contacts screen, a production server's number, the emulator's Person tab):
// a date and time as the person reads their clock, in the zone shown beside it, read here into the instant the API
// takes (`until`, epoch ms). Every mistake is a sentence for the field, before anything is sent.

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/

/** The zone the studio's clock reads (the computer's), e.g. Europe/London. */
export function studioZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export type UntilRead = { ok: true; until: number | undefined } | { ok: false; message: string }

/** `2026-12-01T10:00` (a datetime-local value) in `zone` → epoch ms; empty → none. Refuses a time at or before now. */
export function readUntil(local: string, zone: string, now: number): UntilRead {
  const text = local.trim()
  if (!text) return { ok: true, until: undefined }
  const m = LOCAL.exec(text)
  const [year, month, day, hour, minute] = m ? m.slice(1).map(Number) : []
  const valid = m && month! >= 1 && month! <= 12 && day! >= 1 && day! <= 31 && hour! <= 23 && minute! <= 59
  if (!valid) return { ok: false, message: `“${text}” is not a date and time: pick one such as 2026-12-01 10:00.` }
  const until = zonedToEpoch({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, zone)
  if (until <= now)
    return {
      ok: false,
      message: `${text.replace('T', ' ')} (${zone}) has passed: pick a later time, or leave it empty.`,
    }
  return { ok: true, until }
}
