// Test support: a PostgreSQL server for the runtime's tests. CHATFLOW_TEST_DATABASE_URL names one to use;
// otherwise a throwaway cluster is started from Debian's binaries (/usr/lib/postgresql/<v>/bin) in a temp dir on
// 127.0.0.1 and a random port, as the `postgres` user when we are root (postgres refuses to run as root).
// Each call of `freshDatabase` creates an empty database, so tests never see each other's rows.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export interface TestPg {
  /** An empty database of its own. */
  freshDatabase(): Promise<string>
  stop(): Promise<void>
  /** The server's main process (postmaster) when this started it; null for a server given by URL. */
  serverPid: number | null
}

/** Why PostgreSQL tests cannot run here, or null when they can. */
export function pgUnavailableReason(): string | null {
  if (process.env.CHATFLOW_TEST_DATABASE_URL) return null
  if (!binDir())
    return 'no PostgreSQL server binaries (initdb, pg_ctl in /usr/lib/postgresql/*/bin) and no CHATFLOW_TEST_DATABASE_URL'
  if (process.getuid?.() === 0 && !userExists('postgres'))
    return 'running as root and there is no `postgres` user to run the server as'
  return null
}

/** Under CI the PostgreSQL tests must run: a missing server is a failure there, and a printed skip elsewhere. */
export function pgRequired(): boolean {
  return process.env.CI === 'true' || process.env.CI === '1'
}

function binDir(): string | null {
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  for (const v of versions) {
    const dir = path.join(root, v, 'bin')
    if (fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'pg_ctl'))) return dir
  }
  return null
}

function userExists(name: string): boolean {
  try {
    execFileSync('id', ['-u', name], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo
      s.close(() => resolve(port))
    })
  })
}

export async function startTestPg(): Promise<TestPg> {
  const given = process.env.CHATFLOW_TEST_DATABASE_URL
  if (given) return withDatabases(given, async () => undefined, null)
  const bin = binDir()
  if (!bin) throw new Error(pgUnavailableReason() ?? 'PostgreSQL is not available')
  const asRoot = process.getuid?.() === 0
  const run = (tool: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, tool),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args,
      {
        stdio: 'pipe',
        cwd: os.tmpdir(),
      },
    )
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-pg-'))
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir])
  const data = path.join(dir, 'data')
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C'])
  const port = await freePort()
  // fsync off and a socket in the temp dir: a throwaway cluster for tests, never for data that matters.
  const opts = `-p ${port} -h 127.0.0.1 -k ${dir} -F -c max_connections=200 -c shared_buffers=32MB`
  run('pg_ctl', ['-D', data, '-o', opts, '-l', path.join(dir, 'log'), '-w', '-t', '60', 'start'])
  const pid = Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0])
  const stop = async () => {
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }
  return withDatabases(`postgres://postgres@127.0.0.1:${port}/postgres`, stop, pid > 0 ? pid : null)
}

function withDatabases(adminUrl: string, stopServer: () => Promise<void>, serverPid: number | null): TestPg {
  const created: string[] = []
  return {
    serverPid,
    async freshDatabase() {
      const name = `chatflow_t_${process.pid}_${Date.now().toString(36)}_${created.length}`
      const admin = new pg.Client({ connectionString: adminUrl })
      await admin.connect()
      try {
        await admin.query(`CREATE DATABASE ${name}`)
      } finally {
        await admin.end()
      }
      created.push(name)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      return url.toString()
    },
    async stop() {
      if (process.env.CHATFLOW_TEST_DATABASE_URL) {
        const admin = new pg.Client({ connectionString: adminUrl })
        await admin.connect()
        for (const name of created)
          await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined)
        await admin.end()
      }
      await stopServer()
    },
  }
}
