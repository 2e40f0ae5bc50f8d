// What keeping the traffic aggregates costs a step, in one process (issue #33): two runtimes over their own stores,
// the aggregates kept by one and off in the other, fed the runtime benchmark's conversation (16 contacts at once,
// "wine" then "34", age-gate example) without HTTP, in alternating slices; this process's CPU per message
// (process.cpuUsage: the engine, the counting, the store's writes, SQLite itself or the pg client) and, on
// PostgreSQL, the server's. Fewer moving parts than `npm run bench -- runtime`, so less noise on a shared machine.
//   node --expose-gc --import tsx bench/profile/traffic-cpu.ts [sqlite|postgres] [rounds=9] [messages per slice=400]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createEffects } from '../../shared/engine'
import { MemoryAdapter } from '../../electron/runtime/adapters/log-adapter'
import { PgRuntimeStore } from '../../electron/runtime/pg-store'
import { Runtime } from '../../electron/runtime/runtime'
import { SqliteRuntimeStore } from '../../electron/runtime/sqlite-store'
import type { RuntimeStore } from '../../electron/runtime/store'
import { exampleFlow, text } from '../../electron/runtime/testing/runtime-fixtures'
import { startTestPg } from '../../electron/runtime/testing/pg-server'
import { openDatabase } from '../../electron/services/db/open'
import { treeCpuMsOf } from '../http-post'

const kind = process.argv[2] ?? 'sqlite'
const ROUNDS = Number(process.argv[3] ?? 9)
const PER_SLICE = Number(process.argv[4] ?? 400)
const CONTACTS = Number(process.env.BENCH_TRAFFIC_CONTACTS ?? 16)
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!

const server = kind === 'postgres' ? await startTestPg() : null
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-traffic-cpu-'))
// BENCH_TRAFFIC_AA=1: both sides without the aggregates (an A/A run: what this measure tells apart when nothing differs).
const AA = process.env.BENCH_TRAFFIC_AA === '1'
async function open(side: boolean): Promise<RuntimeStore> {
  const traffic = side && !AA
  if (server) return PgRuntimeStore.open(await server.freshDatabase(), { traffic })
  return new SqliteRuntimeStore(openDatabase(path.join(dir, `${side}.sqlite`)), Date.now, { traffic })
}
const sides = await Promise.all(
  [true, false].map(async (traffic) => {
    const store = await open(traffic)
    await store.publish(exampleFlow('age-gate'))
    const runtime = new Runtime({
      store,
      adapter: new MemoryAdapter(),
      effects: createEffects(),
      log: () => undefined,
      outbox: { send: false },
    })
    return { traffic, runtime, n: 0 }
  }),
)

/** PER_SLICE messages from 16 contacts at once; answers this process's and the database server's CPU ms. */
async function slice(side: (typeof sides)[number], tag: string): Promise<{ cpu: number; db: number }> {
  // Both sides share this process's heap: with --expose-gc each slice starts on a collected heap, so neither pays
  // for the other's garbage (without it the side that went second paid visibly more).
  ;(globalThis as { gc?: () => void }).gc?.()
  const c0 = process.cpuUsage()
  const d0 = server?.serverPid ? (treeCpuMsOf(server.serverPid) ?? 0) : 0
  await Promise.all(
    Array.from({ length: CONTACTS }, async (_, k) => {
      for (let i = 0; i < PER_SLICE / CONTACTS; i++)
        await side.runtime.inbound(text(`+4917${tag}${String(k).padStart(4, '0')}`, i % 2 ? '34' : 'wine'))
    }),
  )
  const c = process.cpuUsage(c0)
  side.n += PER_SLICE
  return { cpu: (c.user + c.system) / 1000, db: server?.serverPid ? (treeCpuMsOf(server.serverPid) ?? 0) - d0 : 0 }
}

for (const s of sides) await slice(s, `9${s.traffic ? 1 : 0}`) // warm-up
const ratios: Array<{ cpu: number; db: number }> = []
for (let r = 0; r < ROUNDS; r++) {
  const got = { on: { cpu: 0, db: 0 }, off: { cpu: 0, db: 0 } }
  // Four slices a side, in turns; which goes first alternates by round.
  for (let k = 0; k < 8; k++) {
    const side = sides[(k + r) % 2]!
    const m = await slice(side, `${r}${k}`)
    const acc = side.traffic ? got.on : got.off
    acc.cpu += m.cpu
    acc.db += m.db
  }
  const per = (ms: number) => ms / (4 * PER_SLICE)
  ratios.push({ cpu: got.off.cpu / got.on.cpu, db: got.on.db ? got.off.db / got.on.db : 0 })
  console.log(
    `round ${r + 1}: this process ${per(got.on.cpu).toFixed(3)} / ${per(got.off.cpu).toFixed(3)} ms/msg (${(got.off.cpu / got.on.cpu).toFixed(3)})` +
      (server
        ? `; PostgreSQL ${per(got.on.db).toFixed(3)} / ${per(got.off.db).toFixed(3)} ms/msg (${(got.off.db / got.on.db).toFixed(3)})`
        : '') +
      `; load ${os.loadavg()[0]!.toFixed(1)}`,
  )
}
console.log(
  `${kind}: CPU per message without ÷ with, median of ${ROUNDS} rounds: this process ${median(ratios.map((r) => r.cpu)).toFixed(3)}` +
    (server ? `, PostgreSQL ${median(ratios.map((r) => r.db)).toFixed(3)}` : '') +
    ` (goal ≥ 0.95); load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
)
for (const s of sides) await s.runtime.close()
await server?.stop()
fs.rmSync(dir, { recursive: true, force: true })
