// What keeping the traffic aggregates costs the runtime (issue #33; bench/suites/runtime.ts runs it): the same
// inbound load on `chatflow serve` with the aggregates kept and with them turned off (CHATFLOW_TRAFFIC=off, a switch
// for this measurement only), on SQLite and on one PostgreSQL instance, in turns so a change of load on this shared
// machine hits both (which goes first alternates), each round printed with the load average. Goal: the message rate
// with them at least 95 % of the rate without (a cost ≤ 5 %); on a shared machine the rate follows the other
// processes, so the CPU per message of serve and of PostgreSQL (without ÷ with, the same goal) is printed beside it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

interface Measured {
  rate: number
  count: number
  cpuPerMsg: number | null
  /** PostgreSQL's own CPU per message (its server's process tree), when measured. */
  dbCpuPerMsg: number | null
}

export interface CostDeps<I> {
  start(state: string[], env: Record<string, string>): Promise<I & { api: string }>
  publish(api: string): Promise<void>
  /** `db`: measure PostgreSQL's CPU too. */
  load(instances: I[], seconds: number, tag: string, db: boolean): Promise<Measured>
  stop(i: I): Promise<void>
  /** A fresh PostgreSQL database URL, or null when PostgreSQL cannot run here (with why). */
  pgUrl(): Promise<string | { why: string }>
}

/**
 * Rounds, and seconds of load per round (BENCH_TRAFFIC_ROUNDS / BENCH_TRAFFIC_SECONDS to measure longer). A round
 * is short slices with and without in turns (SLICE seconds each, which goes first alternating by round), added up
 * per side: the other processes' load changes within seconds here, and slices meet it nearly alike.
 */
const ROUNDS = Number(process.env.BENCH_TRAFFIC_ROUNDS ?? 9)
const SECONDS = Number(process.env.BENCH_TRAFFIC_SECONDS ?? 4)
const SLICE = 1
const WARM_UP = 3

/** A side's slices of a round added up. */
function total(slices: Measured[]): Measured {
  const count = slices.reduce((n, m) => n + m.count, 0)
  const seconds = slices.reduce((t, m) => t + (m.rate ? m.count / m.rate : 0), 0)
  const sum = (pick: (m: Measured) => number | null) =>
    slices.every((m) => pick(m) !== null) && count ? slices.reduce((t, m) => t + pick(m)! * m.count, 0) / count : null
  return {
    count,
    rate: seconds ? count / seconds : 0,
    cpuPerMsg: sum((m) => m.cpuPerMsg),
    dbCpuPerMsg: sum((m) => m.dbCpuPerMsg),
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
const load1 = () => os.loadavg()[0]!.toFixed(1)
/** without ÷ with of a CPU per message: ≥ 0.95 is a cost of at most 5 % (as the rate's with ÷ without). */
const cpuRatio = (on: number | null, off: number | null) => (on && off ? off / on : null)
const fixed = (x: number | null, d = 3) => (x === null ? '–' : x.toFixed(d))

/** A store's medians, for the suite's last lines. */
interface Outcome {
  label: string
  rate: number
  serveCpu: number | null
}

async function compare<I>(
  label: string,
  deps: CostDeps<I>,
  state: () => Promise<string[]>,
  db = false,
): Promise<Outcome> {
  // BENCH_TRAFFIC_AA=1: both sides without (an A/A run: what the bench itself tells apart when nothing differs).
  // Started together, so neither starts (JIT, caches) on a machine the other keeps busy.
  const states = [await state(), await state()]
  const [on, off] = await Promise.all([
    deps.start(states[0]!, process.env.BENCH_TRAFFIC_AA === '1' ? { CHATFLOW_TRAFFIC: 'off' } : {}),
    deps.start(states[1]!, { CHATFLOW_TRAFFIC: 'off' }),
  ])
  try {
    for (const i of [on, off]) await deps.publish(i.api)
    // Warm-up: JIT, connections, and on a fresh PostgreSQL database the planner's first statistics.
    await deps.load([on], WARM_UP, '70', db)
    await deps.load([off], WARM_UP, '71', db)
    const rounds: Array<{ on: Measured; off: Measured }> = []
    const slices = Math.max(1, Math.round(SECONDS / SLICE))
    console.log(
      `${label}: ${ROUNDS} rounds of ${SECONDS} s with and ${SECONDS} s without, in turns of ${SLICE} s (contacts: 16 at once)`,
    )
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which goes first, so neither always meets the machine's load after the other.
      const first = r % 2 ? 'off' : 'on'
      const before = load1()
      const got: { on: Measured[]; off: Measured[] } = { on: [], off: [] }
      for (let k = 0; k < 2 * slices; k++) {
        const side = (k % 2 === 0) === (first === 'on') ? 'on' : 'off'
        got[side].push(await deps.load([side === 'on' ? on : off], SLICE, `${r}${String(k).padStart(2, '0')}`, db))
      }
      const round = { on: total(got.on), off: total(got.off) }
      rounds.push(round)
      const pgCpu = db
        ? `; PostgreSQL CPU ${fixed(round.on.dbCpuPerMsg)} / ${fixed(round.off.dbCpuPerMsg)} ms/msg (${fixed(cpuRatio(round.on.dbCpuPerMsg, round.off.dbCpuPerMsg), 2)})`
        : ''
      console.log(
        `  round ${r + 1} (${first === 'on' ? 'with' : 'without'} first): ${round.on.rate.toFixed(0)} / ${round.off.rate.toFixed(0)} msg/s (${(round.on.rate / round.off.rate).toFixed(2)}); ` +
          `serve CPU ${fixed(round.on.cpuPerMsg)} / ${fixed(round.off.cpuPerMsg)} ms/msg (${fixed(cpuRatio(round.on.cpuPerMsg, round.off.cpuPerMsg), 2)})${pgCpu}; load ${before} → ${load1()}`,
      )
    }
    const ratio = median(rounds.map((r) => r.on.rate / r.off.rate))
    const ratios = (pick: (m: Measured) => number | null) => {
      const xs = rounds.map((r) => cpuRatio(pick(r.on), pick(r.off)))
      return xs.every((x) => x !== null) ? median(xs as number[]) : null
    }
    const both = (m: Measured) => (m.cpuPerMsg === null || m.dbCpuPerMsg === null ? null : m.cpuPerMsg + m.dbCpuPerMsg)
    const goal = (x: number | null) => (x === null ? '' : x >= 0.95 ? ' met' : ' NOT met')
    const perMsg = (pick: (m: Measured) => number | null) =>
      rounds.every((r) => pick(r.on) !== null && pick(r.off) !== null)
        ? `${median(rounds.map((r) => pick(r.on)!)).toFixed(3)} / ${median(rounds.map((r) => pick(r.off)!)).toFixed(3)} ms`
        : '–'
    console.log(
      `  ${label}, medians (with / without): ${median(rounds.map((r) => r.on.rate)).toFixed(0)} / ${median(rounds.map((r) => r.off.rate)).toFixed(0)} msg/s, ` +
        `rate ratio ${ratio.toFixed(3)} (goal ≥ 0.95:${goal(ratio)}); serve CPU per message ${perMsg((m) => m.cpuPerMsg)}, ratio ${fixed(ratios((m) => m.cpuPerMsg))}${goal(ratios((m) => m.cpuPerMsg))}` +
        (db
          ? `; PostgreSQL CPU per message ${perMsg((m) => m.dbCpuPerMsg)}, ratio ${fixed(ratios((m) => m.dbCpuPerMsg))}${goal(ratios((m) => m.dbCpuPerMsg))}; serve + PostgreSQL ratio ${fixed(ratios(both))}${goal(ratios(both))}`
          : '') +
        ` (CPU ratios: without ÷ with, median of the rounds'); load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    )
    return { label, rate: ratio, serveCpu: ratios((m) => m.cpuPerMsg) }
  } finally {
    await Promise.all([on, off].map((i) => deps.stop(i)))
  }
}

/** The goal per store, last: what the quiet run decides on. */
function verdicts(outcomes: Outcome[]): void {
  for (const o of outcomes)
    console.log(
      `${o.label}: rate with / without ${o.rate.toFixed(3)}, goal ≥ 0.95 ${o.rate >= 0.95 ? 'met' : 'NOT met'}` +
        ` (serve CPU per message without ÷ with ${o.serveCpu === null ? '–' : o.serveCpu.toFixed(3)})`,
    )
}

/** BENCH_TRAFFIC_STORES=sqlite or postgres: only that store (shorter runs); both by default. */
const STORES = process.env.BENCH_TRAFFIC_STORES ?? 'sqlite,postgres'

export async function trafficCost<I>(deps: CostDeps<I>): Promise<void> {
  const dirs: string[] = []
  const outcomes: Outcome[] = []
  if (STORES.includes('sqlite'))
    try {
      outcomes.push(
        await compare('traffic aggregates, SQLite', deps, async () => {
          const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-traffic-cost-'))
          dirs.push(dir)
          return ['--data-dir', dir]
        }),
      )
    } finally {
      for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
    }
  if (!STORES.includes('postgres')) return verdicts(outcomes)
  const first = await deps.pgUrl()
  if (typeof first !== 'string') {
    console.log(`traffic aggregates, PostgreSQL: not measured (${first.why})`)
    return verdicts(outcomes)
  }
  let url: string | null = first
  outcomes.push(
    await compare(
      'traffic aggregates, PostgreSQL (1 instance)',
      deps,
      async () => {
        const next = url ?? ((await deps.pgUrl()) as string)
        url = null
        return ['--database-url', next]
      },
      true,
    ),
  )
  verdicts(outcomes)
}
