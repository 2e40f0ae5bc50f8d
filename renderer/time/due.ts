// Due times as people read them: "14:30" when it falls on the same day, "Tue 1 Dec, 10:00" otherwise, in the
// flow's time zone (the zone its Wait nodes count in); when that is not the tester's own zone, the zone is named
// so "10:00" is not read as the tester's morning. Pure, so the emulator and the Flow Logs say it the same way.

export interface DueFormat {
  /** The clock this is read against (the emulator's own, or real time). */
  now: number
  /** The flow's time zone (settings.timeZone); the tester's when absent. */
  timeZone?: string
  /** The tester's zone; Intl's when absent (tests pass it). */
  localZone?: string
  locale?: string
}

function dayOf(ms: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ms)
}

/** "14:30", "Tue 1 Dec, 10:00", with " (Asia/Kolkata)" when the flow's zone is not the tester's. */
export function formatDue(at: number, f: DueFormat): string {
  const localZone = f.localZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone
  const timeZone = f.timeZone ?? localZone
  const time = new Intl.DateTimeFormat(f.locale ?? 'en-GB', { timeZone, hour: '2-digit', minute: '2-digit' }).format(at)
  const sameDay = dayOf(at, timeZone) === dayOf(f.now, timeZone)
  const day = sameDay
    ? ''
    : `${new Intl.DateTimeFormat(f.locale ?? 'en-GB', { timeZone, weekday: 'short', day: 'numeric', month: 'short' }).format(at)}, `
  return `${day}${time}${timeZone === localZone ? '' : ` (${timeZone})`}`
}

export { formatSpan } from '../../shared/text/span'
