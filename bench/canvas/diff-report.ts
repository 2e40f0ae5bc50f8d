import type { Measured } from './measure'
import { median, pct, ratios } from './report'

// The diff case's lines: the studio opening a flow plainly and opening it compared with an edited revision (marks on
// the cards and connections, ghosts of removed nodes), as medians over rounds and the per-round ratio.

const f1 = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1))

export function diffReport(n: number, plain: Measured[], compared: Measured[]): string {
  const open = ratios(compared, plain, (m) => m.open)
  const pan = ratios(compared, plain, (m) => pct(m.pan.frames, 0.95))
  return [
    `diff ${n}: open plain ${f1(median(plain.map((m) => m.open)))} ms, compared ${f1(median(compared.map((m) => m.open)))} ms, ratio ${median(open).toFixed(2)}× (every round ${open.map((r) => r.toFixed(2)).join(', ')})`,
    `  pan p95 plain ${f1(median(plain.map((m) => pct(m.pan.frames, 0.95))))} ms, compared ${f1(median(compared.map((m) => pct(m.pan.frames, 0.95))))} ms, ratio ${median(pan).toFixed(2)}×; blocking while opening plain ${f1(median(plain.map((m) => m.blocking)))} / compared ${f1(median(compared.map((m) => m.blocking)))} ms`,
  ].join('\n')
}
