import { formatDue } from '../time/due'

/** "since 14:02" (today) or "since Tue 1 Dec, 09:30". */
export function since(at: number, now: number, timeZone?: string): string {
  return `since ${formatDue(at, { now, timeZone })}`
}

/** "With a person since 14:02": the Contacts screen's badge and the emulator's banner. */
export function withPersonSince(at: number, now: number, timeZone?: string): string {
  return `With a person ${since(at, now, timeZone)}`
}
