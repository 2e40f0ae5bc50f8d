// CPU time per webhook request of several server builds, alternating in the same minutes (issue 40): each round
// starts `chatflow serve` from every build in turn on its own data folder, warms it for 1 s and measures `seconds`
// of the webhook suite's load at each connection count, then prints serve's CPU time per request (/proc) and the
// load average. On a shared machine rates swing with the load; CPU per request, compared build against build in
// the same round, is the figure that says whether a change helped.
//   npx tsx bench/profile/webhook-ab.ts <build-dir>[,<build-dir>…] [rounds=4] [seconds=3] [conns=10,1]
// (a build dir: `node scripts/build-server.mjs --out-dir <dir>`; `.` for .tmp/server-build, made when stale)
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import { parseFlow } from '../../shared/nodes/load-flow'
import { storeFlow } from '../../electron/cli/commands/import'
import { openDatabase } from '../../electron/services/db/open'
import { SecretStore } from '../../electron/services/webhook/secrets'
import { startServe } from '../../electron/runtime/testing/serve-child'
import { serverBuildDir } from '../../electron/runtime/testing/server-build'
import { cpuMsOf } from '../http-post'

const ROOT = path.resolve(import.meta.dirname, '../..')
const builds = (process.argv[2] ?? '.').split(',').map((b) => (b === '.' ? serverBuildDir() : path.resolve(b)))
const rounds = Number(process.argv[3] ?? 4)
const seconds = Number(process.argv[4] ?? 3)
const connCounts = (process.argv[5] ?? '10,1').split(',').map(Number)
const bodies = [250, 40].map((amount) =>
  JSON.stringify({ phone_number: '+919800000001', data: { name: 'Asha', amount } }),
)
const load = (url: string, connections: number, duration: number, key: string) =>
  autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    requests: bodies.map((body) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-api-key': key },
      body,
    })),
  })

const flowDoc = parseFlow(fs.readFileSync(path.join(ROOT, 'bench/engine-flow.flow.json'), 'utf8'))
if (!flowDoc.ok) throw new Error('bench/engine-flow.flow.json does not load')
const flow = flowDoc.document
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'i40w-ab-'))
const dirs = builds.map((_, i) => {
  const dir = path.join(root, String(i))
  fs.mkdirSync(dir, { mode: 0o700 })
  const db = openDatabase(path.join(dir, 'studio.sqlite'))
  storeFlow(db, flow)
  const secret = new SecretStore(db).rotate(flow.id).secret
  db.close()
  return { dir, secret }
})
const figures = builds.map(() => new Map<number, number[]>(connCounts.map((c) => [c, []])))
try {
  for (let round = 0; round < rounds; round++) {
    for (let b = 0; b < builds.length; b++) {
      const { dir, secret } = dirs[b]!
      const serve = await startServe(
        ['--data-dir', dir, '--port', '0', '--outbound-log', '/dev/null'],
        {
          CHATFLOW_WEBHOOK_RATE: '1000000',
        },
        { bundle: path.join(builds[b]!, 'chatflow.mjs') },
      )
      const url = `${serve.hook}/chatbot-webhook/${flow.id}/trigger`
      const pid = serve.child.pid!
      const line: string[] = []
      try {
        for (const c of connCounts) {
          const warm = await load(url, c, 1, secret)
          const cpu0 = cpuMsOf(pid)!
          const r = await load(url, c, seconds, secret)
          const ms = (cpuMsOf(pid)! - cpu0) / r['2xx']
          figures[b]!.get(c)!.push(ms)
          line.push(
            `${c} conn ${ms.toFixed(3)} ms/req (${Math.round(r.requests.average)} req/s, ${warm['2xx'] + r['2xx']} answered with the warm-up)`,
          )
        }
      } finally {
        await serve.stop()
      }
      console.log(
        `round ${round + 1}, load ${os.loadavg()[0]!.toFixed(2)}, build ${b} (${builds[b]}): ${line.join(', ')}`,
      )
    }
  }
} finally {
  fs.rmSync(root, { recursive: true, force: true })
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
for (let b = 0; b < builds.length; b++)
  console.log(
    `build ${b} (${builds[b]}): median CPU per request ${connCounts.map((c) => `${c} conn ${median(figures[b]!.get(c)!).toFixed(3)} ms`).join(', ')}`,
  )
