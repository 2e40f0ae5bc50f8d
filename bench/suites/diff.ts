// `npm run bench -- diff`: the comparison of two revisions alone (bench/canvas/compare-time.ts), without building
// and driving the canvas; `npm run bench -- canvas` prints the same line before its browser cases.
//
//   DIFF_SIZES=2000,5000   sizes to compare          DIFF_ROUNDS=15   timed rounds per size
import { timeCompare } from '../canvas/compare-time'

export async function run(): Promise<void> {
  const sizes = (process.env.DIFF_SIZES ?? '2000,5000').split(',').map(Number)
  const rounds = Number(process.env.DIFF_ROUNDS ?? 15)
  for (const n of sizes) console.log(timeCompare(n, rounds))
}
