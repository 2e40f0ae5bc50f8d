// The runtime benchmark's PostgreSQL part: 1, 2 and 4 `chatflow serve` instances on one throwaway server, a fresh
// database each, the 16 contacts spread over them (contact n → instance n mod count), in turns over ROUNDS rounds.
// Each instance count is warmed for as many seconds as it has instances, so every instance has about as many
// messages behind it (JIT, pools, caches) whatever the count. Printed per count: messages/s, the servers' CPU time
// per message (all instances) and PostgreSQL's (the postmaster and its backends), both read from /proc, and the
// messages per CPU-second of the two together. On this 2-core machine the client, PostgreSQL and the instances
// share the cores, so the rate cannot grow with instances; the CPU per message says whether work per message grows
// with them (it must stay flat for instances to add their rate on a machine with a core each).
import type { ServeChild } from '../../electron/runtime/testing/serve-child'
import type { TestPg } from '../../electron/runtime/testing/pg-server'

interface Load {
  rate: number
  p50: number
  p95: number
  count: number
  errors: number
  cpuPerMsg: number | null
  dbCpuPerMsg: number | null
}

export interface PgBench {
  server(): Promise<TestPg>
  start(url: string): Promise<ServeChild>
  publish(api: string): Promise<void>
  load(instances: ServeChild[], seconds: number, tag: string, dbPid: number | null): Promise<Load>
  stop(i: ServeChild): Promise<void>
  row(label: string, rs: Load[]): string
}

const COUNTS = [1, 2, 4]
const ROUNDS = 3
const SECONDS = 3
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
const ms = (x: number | null) => (x === null ? '–' : x.toFixed(2))

export async function pgScaling(b: PgBench): Promise<void> {
  const pg = await b.server()
  const results = new Map<number, Load[]>(COUNTS.map((n) => [n, []]))
  try {
    for (let round = 0; round < ROUNDS; round++)
      for (const n of COUNTS) {
        const url = await pg.freshDatabase()
        const instances: ServeChild[] = []
        try {
          for (let i = 0; i < n; i++) instances.push(await b.start(url))
          await b.publish(instances[0]!.api)
          await b.load(instances, n, `5${round}${n}`, null) // warm-up: n seconds, about 1 s of messages each
          results.get(n)!.push(await b.load(instances, SECONDS, `6${round}${n}`, pg.serverPid))
        } finally {
          await Promise.all(instances.map(b.stop))
        }
      }
  } finally {
    await pg.stop()
  }
  const med = (n: number, f: (r: Load) => number | null) => {
    const xs = results.get(n)!.map(f)
    return xs.every((x) => x !== null) ? median(xs as number[]) : null
  }
  for (const n of COUNTS) {
    const rs = results.get(n)!
    console.log(b.row(`inbound, PostgreSQL, ${n} instance${n > 1 ? 's' : ''}`, rs))
    const serve = med(n, (r) => r.cpuPerMsg)
    const db = med(n, (r) => r.dbCpuPerMsg)
    const both = med(n, (r) => (r.cpuPerMsg === null || r.dbCpuPerMsg === null ? null : r.cpuPerMsg + r.dbCpuPerMsg))
    console.log(
      `${'  CPU per message'.padEnd(40)} serve ${ms(serve)} ms (all instances), PostgreSQL ${ms(db)} ms${pg.serverPid === null ? ' (not measured: a server given by URL)' : ''}; ${both === null ? '' : `${(1000 / both).toFixed(0)} messages per CPU-second of both`}`,
    )
  }
  const ratio = (n: number, f: (r: Load) => number | null) => {
    const xs = results.get(n)!.map((r, i) => {
      const a = f(results.get(1)![i]!)
      const x = f(r)
      return a === null || x === null ? null : x / a
    })
    return xs.every((x) => x !== null) ? median(xs as number[]) : null
  }
  const perCpu = (r: Load) =>
    r.cpuPerMsg === null || r.dbCpuPerMsg === null ? null : 1000 / (r.cpuPerMsg + r.dbCpuPerMsg)
  for (const n of COUNTS.slice(1)) {
    const rate = ratio(n, (r) => r.rate)!
    const cpu = ratio(n, perCpu)
    console.log(
      `${`ratio ${n} instances / 1`.padEnd(40)} ${rate.toFixed(2)}× msg/s (${((rate - 1) / (n - 1)).toFixed(2)}× one instance's rate added per instance; goal ≥ 0.60 while cores are free: here 2 shared cores)${cpu === null ? '' : `, ${cpu.toFixed(2)}× messages per CPU-second of serve + PostgreSQL (1.00 = no work added per message)`}`,
    )
  }
}
