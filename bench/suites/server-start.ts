// `npm run bench -- server-start`: the production runtime as it ships (docs/deploy.md). The bundle's size; the time
// from starting `node dist/chatflow.mjs serve` to its first 200 on /healthz, on a new data folder (every migration
// runs) and on an existing one (a restart), with the CPU the process used by then (less at the mercy of a busy
// machine than the wall clock); and its resident memory after idling. References measured in the same rounds, interleaved: a bare node:http server
// answering /healthz (the floor: Node's own start and memory), and serve started from the sources through tsx (how it
// ran before the build). Medians of ROUNDS; the machine is shared, so read the ratios.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { ROOT, serverBuildDir } from '../../electron/runtime/testing/server-build'

const ROUNDS = Number(process.env.BENCH_ROUNDS) || 5
const IDLE_MS = 5000

const FLOOR = `const http = require('node:http');
http.createServer((req, res) => res.end('{"status":"ok"}')).listen(0, '127.0.0.1', function () {
  console.log('Webhook listener: http://127.0.0.1:' + this.address().port + '/chatbot-webhook/<flow_id>/trigger')
})`

interface Sample {
  firstOkMs: number
  /** User + system CPU of the process when it first answered 200. */
  cpuMs: number
  rssMb: number
}

/** utime + stime of a process, in ms (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024
}

/** Spawns `args`, polls /healthz from the moment the port is printed, and reads the RSS after an idle spell. */
async function measure(args: string[], idle = true, existing?: string): Promise<Sample> {
  const data = existing ?? fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-start-'))
  const started = performance.now()
  const child: ChildProcess = spawn(
    process.execPath,
    args.map((a) => (a === '$DATA' ? data : a)),
    {
      cwd: ROOT,
      env: { ...process.env, CHATFLOW_WEBHOOK_PORT: '0' },
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  )
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = ''
      child.stdout!.on('data', (d: Buffer) => {
        out += d.toString()
        const m = /Webhook listener: (http:\/\/\S+?)\/chatbot-webhook/.exec(out)
        if (m) resolve(m[1]!)
      })
      child.once('exit', (code) => reject(new Error(`exited ${code}: ${out}`)))
    })
    for (;;) {
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
      if (ok) break
      await new Promise((r) => setTimeout(r, 5))
    }
    const firstOkMs = performance.now() - started
    const cpu = cpuMs(child.pid!)
    if (idle) await new Promise((r) => setTimeout(r, IDLE_MS))
    return { firstOkMs, cpuMs: cpu, rssMb: idle ? rssMb(child.pid!) : 0 }
  } finally {
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    if (!existing) fs.rmSync(data, { recursive: true, force: true })
  }
}

export async function run(): Promise<void> {
  const dir = serverBuildDir()
  const size = (f: string) => fs.statSync(path.join(dir, f)).size / 2 ** 20
  // Every file the build puts beside the bundle (the script worker and the licences included); source maps apart.
  const all = fs.readdirSync(dir).sort((a, b) => size(b) - size(a))
  const files = all.filter((f) => !f.endsWith('.map'))
  const maps = all.filter((f) => f.endsWith('.map'))
  const total = (names: string[]) => names.reduce((n, f) => n + size(f), 0)
  console.log(
    `bundle: ${files.map((f) => `${f} ${size(f).toFixed(2)} MB`).join(', ')}; ` +
      `all ${files.length} ${total(files).toFixed(2)} MB (the source maps, ${total(maps).toFixed(1)} MB, are optional)`,
  )
  const bundle = ['$BUNDLE', 'serve', '--data-dir', '$DATA', '--port', '0'].map((a) =>
    a === '$BUNDLE' ? path.join(dir, 'chatflow.mjs') : a,
  )
  const tsx = [
    '--import',
    'tsx',
    path.join(ROOT, 'electron/cli/index.ts'),
    'serve',
    '--data-dir',
    '$DATA',
    '--port',
    '0',
  ]
  const floor = ['-e', FLOOR]
  const runs: Record<'fresh' | 'restart' | 'floor' | 'tsx', Sample[]> = { fresh: [], restart: [], floor: [], tsx: [] }
  const state = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-state-'))
  await measure(bundle, false, state) // warm-up (the file system cache, as on a server that restarts) and the state
  for (let i = 0; i < ROUNDS; i++) {
    runs.fresh.push(await measure(bundle))
    runs.restart.push(await measure(bundle, true, state))
    runs.floor.push(await measure(floor))
    runs.tsx.push(await measure(tsx, false))
  }
  fs.rmSync(state, { recursive: true, force: true })
  const med = (k: keyof typeof runs, f: keyof Sample) => median(runs[k].map((s) => s[f]))
  const line = (k: keyof typeof runs, label: string) =>
    `${label} ${med(k, 'firstOkMs').toFixed(0)} ms (CPU ${med(k, 'cpuMs').toFixed(0)} ms)`
  console.log(`start to first 200, median of ${ROUNDS}:`)
  console.log(`  ${line('fresh', 'bundle, new data folder')}; ${line('restart', 'bundle, existing data folder')}`)
  console.log(`  ${line('floor', 'floor, bare node:http')}; ${line('tsx', 'serve through tsx (before)')}`)
  console.log(
    `  restart / floor ${(med('restart', 'firstOkMs') / med('floor', 'firstOkMs')).toFixed(2)}× wall, ${(med('restart', 'cpuMs') / med('floor', 'cpuMs')).toFixed(2)}× CPU; tsx / restart ${(med('tsx', 'firstOkMs') / med('restart', 'firstOkMs')).toFixed(2)}×`,
  )
  console.log(
    `idle RSS after ${IDLE_MS / 1000} s, median: bundle ${med('restart', 'rssMb').toFixed(1)} MB, floor ${med('floor', 'rssMb').toFixed(1)} MB (bundle / floor ${(med('restart', 'rssMb') / med('floor', 'rssMb')).toFixed(2)}×)`,
  )
}
