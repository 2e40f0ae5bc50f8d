import type { Measured } from './measure'

// The printed table: per side the median over rounds of each figure, and per figure the median over rounds of the
// studio / floor ratio (rounds are paired, so a round run while the machine was busy slows both sides of it).

export const pct = (xs: readonly number[], p: number): number => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? NaN
}
export const median = (xs: readonly number[]) => pct(xs, 0.5)

type Figure = [label: string, of: (m: Measured) => number]

export const FIGURES: Figure[] = [
  ['open ms', (m) => m.open],
  ['pan p50', (m) => pct(m.pan.frames, 0.5)],
  ['pan p95', (m) => pct(m.pan.frames, 0.95)],
  ['pan max', (m) => Math.max(...m.pan.frames)],
  ['drag p50', (m) => pct(m.drag.frames, 0.5)],
  ['drag p95', (m) => pct(m.drag.frames, 0.95)],
  ['drag max', (m) => Math.max(...m.drag.frames)],
]

const f1 = (x: number) => (Number.isFinite(x) ? (x >= 100 ? x.toFixed(0) : x.toFixed(1)) : '—')

const worst = (side: Measured[], g: 'pan' | 'drag') => Math.max(...side.flatMap((m) => m[g].frames))

export function ratios(studio: Measured[], floor: Measured[], of: (m: Measured) => number): number[] {
  return studio.slice(0, floor.length).map((s, i) => of(s) / of(floor[i]!))
}

export function report(n: number, studio: Measured[], floor: Measured[]): string {
  const head = ['', ...FIGURES.map(([l]) => l)]
  const rows = [
    [`studio ${n}`, ...FIGURES.map(([, of]) => f1(median(studio.map(of))))],
    [`floor ${n}`, ...FIGURES.map(([, of]) => f1(median(floor.map(of))))],
    [`ratio ${n}`, ...FIGURES.map(([, of]) => `${median(ratios(studio, floor, of)).toFixed(2)}×`)],
  ]
  const width = head.map((_, i) => Math.max(...[head, ...rows].map((r) => r[i]!.length)))
  const fmt = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(width[i]!) : c.padStart(width[i]!))).join('  ')
  const split = (side: Measured[], g: 'pan' | 'drag') => {
    const m = (k: 'task' | 'script' | 'style' | 'layout') => f1(median(side.map((x) => x[g].split[k])))
    const tasks = median(side.map((x) => x[g].tasks.length))
    return `${g}: main thread ${m('task')} ms (script ${m('script')}, style ${m('style')}, layout ${m('layout')}), ${tasks} long task(s)`
  }
  return [
    fmt(head),
    ...rows.map(fmt),
    `  studio ${split(studio, 'pan')}; ${split(studio, 'drag')}; blocking while opening ${f1(median(studio.map((m) => m.blocking)))} ms`,
    `  floor  ${split(floor, 'pan')}; ${split(floor, 'drag')}; blocking while opening ${f1(median(floor.map((m) => m.blocking)))} ms`,
    // The spread behind the medians: an open ratio met in every round (with both sides' open, to tell a slow studio
    // from a fast floor), and the one worst frame of all rounds.
    `  every round: open ratio ${ratios(studio, floor, (m) => m.open)
      .map((r, i) => `${r.toFixed(2)} (${f1(studio[i]!.open)}/${f1(floor[i]!.open)} ms)`)
      .join(', ')}; worst pan frame studio ${f1(worst(studio, 'pan'))} / floor ${f1(worst(floor, 'pan'))} ms, ` +
      `worst drag frame studio ${f1(worst(studio, 'drag'))} / floor ${f1(worst(floor, 'drag'))} ms`,
  ].join('\n')
}
