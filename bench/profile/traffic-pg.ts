// Profiles what keeping the traffic aggregates costs PostgreSQL (issue #33): `chatflow serve` on a fresh database of
// a server that loads pg_stat_statements, with the aggregates kept and with them off (CHATFLOW_TRAFFIC=off), in
// turns; per turn the rate, serve's and PostgreSQL's CPU per message, and the statements by time (calls, mean time,
// rows, blocks, WAL), plus the lock waits the server logged (log_lock_waits). Start such a server first, e.g.
//   pg_ctl -o "-c shared_preload_libraries=pg_stat_statements -c log_lock_waits=on -c deadlock_timeout=10ms" start
//   npx tsx bench/profile/traffic-pg.ts postgres://postgres@127.0.0.1:PORT/postgres <postmaster pid> [log file] [seconds=5] [turns=2]
// SERVE_CPU_PROF=<dir>: serve's CPU profile of each measured load there (probe.mjs; read with categories.mjs).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { load, publish, startInstance } from '../suites/runtime'

const [admin = '', pidArg, logFile, secondsArg, turnsArg] = process.argv.slice(2)
if (!admin || !pidArg) throw new Error('usage: traffic-pg.ts <admin url> <postmaster pid> [log file] [seconds] [turns]')
const seconds = Number(secondsArg ?? 5)
const turns = Number(turnsArg ?? 2)
const pid = Number(pidArg)
const loadAvg = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')

async function freshDb(n: number): Promise<string> {
  const c = new pg.Client({ connectionString: admin })
  await c.connect()
  const name = `i33c_profile_${Date.now().toString(36)}_${n}`
  await c.query(`CREATE DATABASE ${name}`)
  await c.end()
  const url = new URL(admin)
  url.pathname = `/${name}`
  return url.toString()
}

async function statements(url: string, reset: boolean): Promise<void> {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  try {
    if (reset) return void (await c.query('SELECT pg_stat_statements_reset()'))
    const { rows } = await c.query(`SELECT calls, total_exec_time, mean_exec_time, rows, shared_blks_hit,
        shared_blks_dirtied, wal_records, wal_bytes, left(regexp_replace(query, '\\s+', ' ', 'g'), 70) AS q
      FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      ORDER BY total_exec_time DESC LIMIT 8`)
    for (const r of rows)
      console.log(
        `    ${String(r.calls).padStart(6)} calls ${Number(r.total_exec_time).toFixed(0).padStart(6)} ms total ${Number(r.mean_exec_time).toFixed(3).padStart(7)} ms mean  blks hit ${String(r.shared_blks_hit).padStart(8)} dirtied ${String(r.shared_blks_dirtied).padStart(5)} wal ${String(r.wal_records).padStart(7)} rec ${(Number(r.wal_bytes) / 1e6).toFixed(1).padStart(6)} MB  ${r.q}`,
      )
  } finally {
    await c.end()
  }
}

const lockWaits = () => (logFile ? (fs.readFileSync(logFile, 'utf8').match(/still waiting for/g)?.length ?? 0) : 0)

for (let t = 0; t < turns * 2; t++) {
  const on = t % 2 === 0
  const url = await freshDb(t)
  const env: Record<string, string> = on ? {} : { CHATFLOW_TRAFFIC: 'off' }
  // probe.mjs (preloaded: --cpu-prof is not allowed in NODE_OPTIONS) profiles between two SIGUSR2s.
  const prof = process.env.SERVE_CPU_PROF
  if (prof) {
    env.NODE_OPTIONS = `--import ${path.join(import.meta.dirname, 'probe.mjs')}`
    env.PROBE_OUT = path.join(prof, `serve-${on ? 'with' : 'without'}-${t}.probe.json`)
  }
  const i = await startInstance(['--database-url', url], undefined, undefined, env)
  try {
    await publish(i.api)
    await load([i], 1, `8${t}`)
    await statements(url, true)
    const waits0 = lockWaits()
    if (prof) i.child.kill('SIGUSR2')
    const r = await load([i], seconds, `9${t}`, 0, pid)
    if (prof) i.child.kill('SIGUSR2')
    const waits = lockWaits() - waits0
    console.log(
      `${on ? 'with   ' : 'without'}: ${r.rate.toFixed(0)} msg/s, serve CPU ${r.cpuPerMsg?.toFixed(3)} ms/msg, PostgreSQL CPU ${r.dbCpuPerMsg?.toFixed(3)} ms/msg, ${r.count} msgs, ${r.errors} errors, lock waits > 10 ms: ${waits}; load ${loadAvg()}`,
    )
    await statements(url, false)
  } finally {
    await i.stop()
  }
}
