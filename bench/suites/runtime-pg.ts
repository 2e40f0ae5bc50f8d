// The runtime benchmark's PostgreSQL part: 1, 2 and 4 `chatflow serve` instances on one throwaway server, a fresh
// database each, in turns over ROUNDS rounds. Each instance gets the load one instance gets alone (16 contacts
// each, contact n → instance n mod count) and as many messages of warm-up (WARM_MESSAGES: each process warms its
// own JIT; at 4 instances serve's CPU per message fell from 4.8 to 0.9 ms over its first 3,000 or so messages), so
// what changes from row to row is the number of instances, not the load on each or how warm it is. Printed per count: messages/s, the instances' CPU time per message
// and PostgreSQL's (the postmaster and its backends), both read from /proc, and the messages per CPU-second of the
// two together. On this 2-core machine the client, PostgreSQL and every instance share the cores, so the rate
// cannot grow with instances here; the CPU per message says whether the work per message grows with them, which is
// what bounds what an added instance adds on a machine with a core for it. A fourth set, 4 instances that share
// nothing (a database each, on the same server), tells the machine's part from the instances' part: if 4 instances
// sharing one database cost as much per message as 4 apart, sharing the state adds no work per message, and what
// 4 cost beyond 1 is these two cores running more processes (it was so: 2.22 and 2.22 ms, docs/runtime.md).
//
// Why not the same 16 contacts spread over the instances: then each instance waits between requests, and on two
// shared cores each wake-up finds the caches another process just used; serve's CPU per message doubled at 4
// instances that way (0.9 → 1.8 ms) with the same statements per message, and came back to 1.06 ms once each
// instance had 16 contacts again (docs/runtime.md). That is the machine, not the work per message.
import type { ServeChild } from '../../electron/runtime/testing/serve-child'
import type { TestPg } from '../../electron/runtime/testing/pg-server'
import type { Load } from './runtime'

export interface PgBench {
  server(): Promise<TestPg>
  start(url: string): Promise<ServeChild>
  publish(api: string): Promise<void>
  /** Contacts one instance is given. */
  contacts: number
  load(instances: ServeChild[], seconds: number, tag: string, dbPid: number | null, contacts: number): Promise<Load>
  stop(i: ServeChild): Promise<void>
  row(label: string, rs: Load[]): string
}

/** The sets measured: 1, 2 and 4 instances on one database, and 4 that share nothing (a database each). */
const SETS = [
  { key: '1', n: 1, apart: false },
  { key: '2', n: 2, apart: false },
  { key: '4', n: 4, apart: false },
  { key: '4 apart', n: 4, apart: true },
]
const ROUNDS = 3
const SECONDS = 3
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!
const ms = (x: number | null) => (x === null ? '–' : x.toFixed(2))

/** Messages each instance handles before it is measured: serve's CPU per message settles after about 3,000. */
const WARM_MESSAGES = 4000
const WARM_CAP_S = 60

const perCpu = (r: Load) =>
  r.cpuPerMsg === null || r.dbCpuPerMsg === null ? null : 1000 / (r.cpuPerMsg + r.dbCpuPerMsg)

export async function pgScaling(b: PgBench): Promise<void> {
  const pg = await b.server()
  const results = new Map<string, Load[]>(SETS.map((s) => [s.key, []]))
  const running = new Map<string, ServeChild[]>()
  try {
    // Every set runs at once (an idle set costs nothing), each warmed alike, then measured in turns so a change of
    // load on this shared machine hits every set.
    for (const set of SETS) {
      const instances: ServeChild[] = []
      running.set(set.key, instances)
      const shared = await pg.freshDatabase()
      for (let i = 0; i < set.n; i++) {
        const url = set.apart && i > 0 ? await pg.freshDatabase() : shared
        instances.push(await b.start(url))
        if (set.apart || i === 0) await b.publish(instances[i]!.api)
      }
      const until = performance.now() + WARM_CAP_S * 1000
      for (let done = 0, w = 0; done < WARM_MESSAGES * set.n && performance.now() < until; w++)
        done += (await b.load(instances, 2, `5${w}`, null, b.contacts * set.n)).count
    }
    for (let round = 0; round < ROUNDS; round++)
      for (const set of SETS)
        results
          .get(set.key)!
          .push(await b.load(running.get(set.key)!, SECONDS, `6${round}`, pg.serverPid, b.contacts * set.n))
  } finally {
    await Promise.all([...running.values()].flat().map(b.stop))
    await pg.stop()
  }
  for (const set of SETS) {
    const rs = results.get(set.key)!
    const med = (f: (r: Load) => number | null) => {
      const xs = rs.map(f)
      return xs.every((x) => x !== null) ? median(xs as number[]) : null
    }
    const label = set.apart ? '4, a database each' : `${set.n} instance${set.n > 1 ? 's' : ''}`
    console.log(b.row(`inbound, PostgreSQL, ${label}`, rs))
    const both = med(perCpu)
    console.log(
      `${'  CPU per message'.padEnd(40)} serve ${ms(med((r) => r.cpuPerMsg))} ms (all instances), PostgreSQL ${ms(med((r) => r.dbCpuPerMsg))} ms${pg.serverPid === null ? ' (not measured: a server given by URL)' : ''}${both === null ? '' : `; ${both.toFixed(0)} messages per CPU-second of both`}`,
    )
  }
  /** The median over the rounds of set `a`'s figure over set `b`'s, each round against its own turn. */
  const ratio = (a: string, over: string, f: (r: Load) => number | null) => {
    const xs = results.get(a)!.map((r, i) => {
      const x = f(r)
      const y = f(results.get(over)![i]!)
      return x === null || y === null ? null : x / y
    })
    return xs.every((x) => x !== null) ? median(xs as number[]) : null
  }
  for (const n of [2, 4]) {
    const rate = ratio(String(n), '1', (r) => r.rate)!
    const cpu = ratio(String(n), '1', perCpu)
    console.log(
      `${`ratio ${n} instances / 1`.padEnd(40)} ${rate.toFixed(2)}× msg/s (${((rate - 1) / (n - 1)).toFixed(2)}× one instance's rate added per instance; goal ≥ 0.60 while cores are free, and here 2 shared cores)${cpu === null ? '' : `; ${cpu.toFixed(2)}× messages per CPU-second of serve + PostgreSQL (1.00: no work added per message)`}`,
    )
  }
  const shared = ratio('4', '4 apart', perCpu)
  if (shared !== null)
    console.log(
      `${'ratio 4 sharing a database / 4 apart'.padEnd(40)} ${shared.toFixed(2)}× messages per CPU-second (1.00: instances sharing the state cost each other nothing per message; what 4 instances cost beyond 1 is then these 2 cores running more processes)`,
    )
}
