// What keeping the traffic aggregates costs the runtime (issue #33; bench/suites/runtime.ts runs it): the same
// inbound load on `chatflow serve` with the aggregates kept and with them turned off (CHATFLOW_TRAFFIC=off, a switch
// for this measurement only), on SQLite and on one PostgreSQL instance, in turns so a change of load on this shared
// machine hits both. Goal: the message rate with them at least 95 % of the rate without (a cost ≤ 5 %).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

interface Measured {
  rate: number
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

const ROUNDS = 5
const SECONDS = 3
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!

async function compare<I>(label: string, deps: CostDeps<I>, state: () => Promise<string[]>, db = false): Promise<void> {
  const on = await deps.start(await state(), {})
  const off = await deps.start(await state(), { CHATFLOW_TRAFFIC: 'off' })
  try {
    for (const i of [on, off]) await deps.publish(i.api)
    await deps.load([on], 1, '70', db)
    await deps.load([off], 1, '71', db)
    const rounds: Array<{ on: Measured; off: Measured }> = []
    for (let r = 0; r < ROUNDS; r++) {
      // Alternate which goes first, so neither always meets the machine's load after the other.
      const first = r % 2 ? 'off' : 'on'
      const a = await deps.load([first === 'on' ? on : off], SECONDS, `7${r}${first === 'on' ? 2 : 3}`, db)
      const b = await deps.load([first === 'on' ? off : on], SECONDS, `7${r}${first === 'on' ? 3 : 2}`, db)
      rounds.push(first === 'on' ? { on: a, off: b } : { on: b, off: a })
    }
    const ratio = median(rounds.map((r) => r.on.rate / r.off.rate))
    const cpu = rounds.every((r) => r.on.cpuPerMsg && r.off.cpuPerMsg)
      ? `; serve CPU per message ${median(rounds.map((r) => r.on.cpuPerMsg!)).toFixed(3)} ms with, ${median(rounds.map((r) => r.off.cpuPerMsg!)).toFixed(3)} ms without`
      : ''
    const dbCpu = rounds.every((r) => r.on.dbCpuPerMsg && r.off.dbCpuPerMsg)
      ? `; PostgreSQL CPU per message ${median(rounds.map((r) => r.on.dbCpuPerMsg!)).toFixed(3)} ms with, ${median(rounds.map((r) => r.off.dbCpuPerMsg!)).toFixed(3)} ms without`
      : ''
    console.log(
      `${label}: ${median(rounds.map((r) => r.on.rate)).toFixed(0)} msg/s with aggregates, ${median(rounds.map((r) => r.off.rate)).toFixed(0)} without; ` +
        `ratio ${ratio.toFixed(3)} (rounds ${rounds.map((r) => (r.on.rate / r.off.rate).toFixed(2)).join(', ')}; goal ≥ 0.95: ${ratio >= 0.95 ? 'met' : 'NOT met'})${cpu}${dbCpu}; load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    )
  } finally {
    await Promise.all([on, off].map((i) => deps.stop(i)))
  }
}

export async function trafficCost<I>(deps: CostDeps<I>): Promise<void> {
  const dirs: string[] = []
  try {
    await compare('traffic aggregates, SQLite', deps, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-traffic-cost-'))
      dirs.push(dir)
      return ['--data-dir', dir]
    })
  } finally {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
  }
  const first = await deps.pgUrl()
  if (typeof first !== 'string') return void console.log(`traffic aggregates, PostgreSQL: not measured (${first.why})`)
  let url: string | null = first
  await compare(
    'traffic aggregates, PostgreSQL (1 instance)',
    deps,
    async () => {
      const next = url ?? ((await deps.pgUrl()) as string)
      url = null
      return ['--database-url', next]
    },
    true,
  )
}
