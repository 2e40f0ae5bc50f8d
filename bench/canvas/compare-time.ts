import os from 'node:os'
import { performance } from 'node:perf_hooks'
import { compareFlows } from '../../shared/diff'
import { benchFlow } from './flow'
import { editedFlow } from './edited'
import { median } from './report'

// The diff case's computation (issue 36: ≤ 100 ms at 2,000 nodes): compareFlows between a bench flow and the same
// flow edited across its whole length (bench/canvas/edited.ts: texts changed, nodes renamed with their references
// rewritten, removed and added), as the compare view and the Publish dialog run it. Each round compares fresh copies
// (no object shared between the sides, as two revisions read from the store), after warm-up rounds for the JIT.

export function timeCompare(n: number, rounds: number): string {
  const before = benchFlow('flw_diff', n)
  const after = editedFlow(before)
  const times: number[] = []
  let changes = 0
  for (let r = -3; r < rounds; r++) {
    const [a, b] = [structuredClone(before), structuredClone(after)]
    const start = performance.now()
    const c = compareFlows(a, b)
    const ms = performance.now() - start
    changes = c.changes.length
    if (r >= 0) times.push(ms)
  }
  const sorted = [...times].sort((x, y) => x - y)
  return (
    `compareFlows ${n} nodes (${changes} changes): median ${median(times).toFixed(1)} ms, ` +
    `worst ${sorted.at(-1)!.toFixed(1)} ms over ${rounds} rounds; load average ${os.loadavg()[0]!.toFixed(1)}`
  )
}
