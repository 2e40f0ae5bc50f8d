// Profiles `chatflow serve` (the build) and the SQLite floor under the webhook suite's load (issue 40), one at a time:
// after a 2 s warm-up, a window of `seconds` with a CPU profile of the main thread, the event loop's delay and GC
// pauses (probe.mjs, preloaded: --cpu-prof is not allowed in NODE_OPTIONS) and the process's CPU time per request
// (/proc); then a second window under `strace -c -f` for the system calls per request (ptrace slows the process
// many times, so its rate is not the first window's). Prints one JSON object per server; the profiles are written
// to <out-dir> (categories.mjs sorts serve's by what the request path does).
//   npx tsx bench/profile/webhook.ts <out-dir> [connections=10] [seconds=5] [serve|floor|both]
import { spawn, type ChildProcess } from 'node:child_process'
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

const out = path.resolve(process.argv[2] ?? 'out')
const conns = Number(process.argv[3] ?? 10)
const seconds = Number(process.argv[4] ?? 5)
const which = process.argv[5] ?? 'both'
fs.mkdirSync(out, { recursive: true })
const ROOT = path.resolve(import.meta.dirname, '../..')
const probe = path.join(import.meta.dirname, 'probe.mjs')
const bodies = [250, 40].map((amount) =>
  JSON.stringify({ phone_number: '+919800000001', data: { name: 'Asha', amount } }),
)
const load = (url: string, c: number, s: number, headers: Record<string, string>) =>
  autocannon({
    url,
    connections: c,
    duration: s,
    timeout: 10,
    requests: bodies.map((body) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body,
    })),
  })

async function window(name: string, pid: number, url: string, headers: Record<string, string>) {
  await load(url, conns, 2, headers) // warm-up
  process.kill(pid, 'SIGUSR2')
  const cpu0 = cpuMsOf(pid)!
  const l0 = os.loadavg()[0]!
  const r = await load(url, conns, seconds, headers)
  const cpu1 = cpuMsOf(pid)!
  process.kill(pid, 'SIGUSR2')
  await new Promise((res) => setTimeout(res, 500))
  // A second window under strace, for the system calls per request only (ptrace slows the process many times).
  const st = spawn('strace', ['-c', '-f', '-p', String(pid), '-o', path.join(out, `${name}-${conns}.strace`)], {
    stdio: 'ignore',
  })
  await new Promise((res) => setTimeout(res, 300))
  const rs = await load(url, conns, seconds, headers)
  st.kill('SIGINT')
  await new Promise((res) => st.once('exit', res))
  const n = r['2xx']
  return {
    name,
    conns,
    reqs: n,
    rps: Math.round(r.requests.average),
    p99: r.latency.p99,
    cpuPerReq: +((cpu1 - cpu0) / n).toFixed(3),
    load: [l0, os.loadavg()[0]],
    straceReqs: rs['2xx'],
  }
}

const flowDoc = parseFlow(fs.readFileSync(path.join(ROOT, 'bench/engine-flow.flow.json'), 'utf8'))
if (!flowDoc.ok) throw new Error('flow')
const flow = flowDoc.document
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'i40w-prof-'))
const setup = openDatabase(path.join(dir, 'studio.sqlite'))
storeFlow(setup, flow)
const secret = new SecretStore(setup).rotate(flow.id).secret
setup.close()
openDatabase(path.join(dir, 'floor.sqlite')).close()
const results: unknown[] = []
if (which !== 'floor') {
  const serve = await startServe(['--data-dir', dir, '--port', '0', '--outbound-log', '/dev/null'], {
    CHATFLOW_WEBHOOK_RATE: '1000000',
    NODE_OPTIONS: `--import ${probe}`,
    PROBE_OUT: path.join(out, `serve-${conns}.probe.json`),
  })
  results.push(
    await window('serve', serve.child.pid!, `${serve.hook}/chatbot-webhook/${flow.id}/trigger`, {
      'x-api-key': secret,
    }),
  )
  await serve.stop()
  // The profile's positions are the bundle's: its source map goes beside it (categories.mjs reads it from there).
  fs.copyFileSync(path.join(serverBuildDir(), 'chatflow.mjs.map'), path.join(out, 'chatflow.mjs.map'))
}
if (which !== 'serve') {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', probe, path.join(ROOT, 'bench/floor/webhook-sqlite.mjs'), path.join(dir, 'floor.sqlite')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, PROBE_OUT: path.join(out, `floor-${conns}.probe.json`) },
    },
  )
  const url = await new Promise<string>((r) => child.stdout!.once('data', (c: Buffer) => r(c.toString().trim())))
  results.push(await window('floor', child.pid!, url, {}))
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
}
for (const r of results as Array<Record<string, unknown>>) {
  const probeFile = path.join(out, `${r.name}-${conns}.probe.json`)
  r.probe = fs.existsSync(probeFile) ? JSON.parse(fs.readFileSync(probeFile, 'utf8')) : null
  const st = fs.readFileSync(path.join(out, `${r.name}-${conns}.strace`), 'utf8')
  const calls: Record<string, number> = {}
  for (const m of st.matchAll(/^\s*[\d.]+\s+[\d.]+\s+\d+\s+(\d+)\s+(?:\d+\s+)?(\w+)$/gm)) calls[m[2]!] = Number(m[1])
  const per = (k: string) => +((calls[k] ?? 0) / (r.straceReqs as number)).toFixed(3)
  r.perReq = Object.fromEntries(
    Object.entries(calls)
      .filter(([k, v]) => v / (r.straceReqs as number) > 0.05 || /sync/.test(k))
      .map(([k]) => [k, per(k)]),
  )
}
console.log(JSON.stringify(results, null, 1))
fs.rmSync(dir, { recursive: true, force: true })
