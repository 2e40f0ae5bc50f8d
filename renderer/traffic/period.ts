// The periods the Traffic panel offers: the last N UTC days up to today, as the aggregates count them (a run counts
// on the UTC day it started, docs/logs.md "Traffic aggregates").

export const PERIODS = [
  { days: 1, label: 'Today (UTC)' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 365 days' },
] as const
export type PeriodDays = (typeof PERIODS)[number]['days']

const DAY_MS = 86_400_000
const day = (ms: number): string => new Date(ms).toISOString().slice(0, 10)

/** The UTC days `from`..`to` (both included) of the last `days` days, today included. */
export function periodOf(days: number, now: number): { from: string; to: string } {
  return { from: day(now - (days - 1) * DAY_MS), to: day(now) }
}

export const isPeriodDays = (n: number): n is PeriodDays => PERIODS.some((p) => p.days === n)
