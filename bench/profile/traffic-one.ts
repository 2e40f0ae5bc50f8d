// One side of bench/profile/traffic-cpu.ts in a process of its own, for a CPU profile of the steps with the traffic
// aggregates kept or not (issue #33): the runtime benchmark's conversation (16 contacts at once, "wine" then "34",
// age-gate example) through a Runtime over SQLite or PostgreSQL, no HTTP. Prints this process's CPU per message.
//   node --cpu-prof --cpu-prof-dir=<dir> --import tsx bench/profile/traffic-one.ts [sqlite|postgres] [on|off] [messages=6400]
// then: node bench/profile/traffic-summary.mjs <dir>/*.cpuprofile (self time by source file and by function).
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

const kind = process.argv[2] ?? 'sqlite'
const traffic = (process.argv[3] ?? 'on') === 'on'
const MESSAGES = Number(process.argv[4] ?? 6400)
const CONTACTS = Number(process.env.BENCH_TRAFFIC_CONTACTS ?? 16)

const server = kind === 'postgres' ? await startTestPg() : null
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-traffic-one-'))
const store: RuntimeStore = server
  ? await PgRuntimeStore.open(await server.freshDatabase(), { traffic })
  : new SqliteRuntimeStore(openDatabase(path.join(dir, 'db.sqlite')), Date.now, { traffic })
await store.publish(exampleFlow('age-gate'))
const runtime = new Runtime({
  store,
  adapter: new MemoryAdapter(),
  effects: createEffects(),
  log: () => undefined,
  outbox: { send: false },
})

async function send(n: number, tag: string): Promise<void> {
  await Promise.all(
    Array.from({ length: CONTACTS }, async (_, k) => {
      for (let i = 0; i < n / CONTACTS; i++)
        await runtime.inbound(text(`+4917${tag}${String(k).padStart(4, '0')}`, i % 2 ? '34' : 'wine'))
    }),
  )
}

await send(800, '90') // warm-up
const c0 = process.cpuUsage()
await send(MESSAGES, '10')
const c = process.cpuUsage(c0)
console.log(
  `${kind}, aggregates ${traffic ? 'kept' : 'off'}: ${((c.user + c.system) / 1000 / MESSAGES).toFixed(3)} ms of CPU per message ` +
    `(${MESSAGES} messages); load ${os.loadavg()[0]!.toFixed(1)}`,
)
await runtime.close()
await server?.stop()
fs.rmSync(dir, { recursive: true, force: true })
