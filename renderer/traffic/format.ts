import type { FunnelReport } from '../../shared/api/commands/traffic'

// How traffic figures read, on the canvas and in the panel: whole numbers with thousands separators, shares in
// whole percent (never a rounded 0 % or 100 % for a share that is neither), durations in the largest units that fit.

export const count = (n: number): string => n.toLocaleString('en-US')

export function percent(share: number): string {
  if (share <= 0) return '0 %'
  if (share >= 1) return '100 %'
  if (share < 0.005) return '<1 %'
  if (share > 0.995) return '>99 %'
  return `${Math.round(share * 100)} %`
}

export function duration(ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 1) return 'under 1 s'
  if (s < 60) return `${s} s`
  const m = Math.floor(s / 60)
  if (m < 10) return s % 60 ? `${m} min ${s % 60} s` : `${m} min`
  if (m < 60) return `${m} min`
  const h = Math.floor(m / 60)
  if (h < 48) return m % 60 ? `${h} h ${m % 60} min` : `${h} h`
  return `${(h / 24).toFixed(1)} days`
}

/** The funnel in one line: "reached confirm: 412 of 1,930, 21 %". */
export const funnelLine = (goalName: string, f: Pick<FunnelReport, 'reached' | 'runs' | 'share'>): string =>
  `reached ${goalName}: ${count(f.reached)} of ${count(f.runs)}, ${percent(f.share)}`

/** "1 run", "2 runs". */
export const runs = (n: number): string => `${count(n)} run${n === 1 ? '' : 's'}`
