// Test support: the same test bodies against both stores. SQLite gets a fresh file in a temp dir; PostgreSQL a
// fresh database on the file's one throwaway server (pg-server.ts). Without PostgreSQL the second half fails under
// CI=true, naming what is missing, and is skipped with a printed reason elsewhere.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, it } from 'vitest'
import { openDatabase } from '../../services/db/open'
import { PgRuntimeStore } from '../pg-store'
import { SqliteRuntimeStore } from '../sqlite-store'
import type { RuntimeStore } from '../store'
import { pgRequired, pgUnavailableReason, startTestPg, type TestPg } from './pg-server'

/** Opens a new, empty store; `url` is set for PostgreSQL so a test can open a second instance on the same state. */
export interface StoreCase {
  kind: 'sqlite' | 'postgres'
  /** `reopen` opens the same state again, as a restarted process does (SQLite: once the first store is closed). */
  open(): Promise<{ store: RuntimeStore; url?: string; reopen(): Promise<RuntimeStore> }>
  /** Another store over the same database (PostgreSQL only). */
  openShared?(url: string): Promise<RuntimeStore>
  /** `chatflow serve` arguments naming a new, empty state of this kind. */
  serveArgs(): Promise<string[]>
}

export function describeEachStore(title: string, body: (c: StoreCase) => void, timeoutMs = 60_000): void {
  describeSqliteStore(title, body)
  describePostgresStore(title, body, timeoutMs)
}

/** The test bodies against SQLite (alone: for behaviour only SQLite has, its one sender per file). */
export function describeSqliteStore(title: string, body: (c: StoreCase) => void): void {
  describe(`${title} [sqlite]`, () => {
    const dirs: string[] = []
    afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))
    body({
      kind: 'sqlite',
      async open() {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-runtime-'))
        dirs.push(dir)
        const file = path.join(dir, 'studio.sqlite')
        return {
          store: new SqliteRuntimeStore(openDatabase(file)),
          reopen: async () => new SqliteRuntimeStore(openDatabase(file)),
        }
      },
      async serveArgs() {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-runtime-'))
        dirs.push(dir)
        return ['--data-dir', dir]
      },
    })
  })
}

/**
 * The test bodies against PostgreSQL only: for behaviour that exists only there (a test of it on SQLite would be
 * a test that cannot fail, or a skipped one in every report).
 */
export function describePostgresStore(title: string, body: (c: StoreCase) => void, timeoutMs = 60_000): void {
  const reason = pgUnavailableReason()
  if (reason && !pgRequired()) {
    console.warn(`skipping the PostgreSQL half of "${title}": ${reason}`)
    describe.skip(`${title} [postgres]`, () => it('needs PostgreSQL', () => undefined))
    return
  }
  describe(`${title} [postgres]`, () => {
    let server: TestPg | undefined
    beforeAll(async () => {
      if (reason)
        throw new Error(
          `CI=true requires the PostgreSQL tests, but here there is ${reason}. .ci/run installs Debian's postgresql.`,
        )
      server = await startTestPg()
    }, timeoutMs)
    afterAll(async () => server?.stop(), timeoutMs)
    body({
      kind: 'postgres',
      async open() {
        const url = await server!.freshDatabase()
        return { store: await PgRuntimeStore.open(url), url, reopen: () => PgRuntimeStore.open(url) }
      },
      openShared: (url) => PgRuntimeStore.open(url),
      serveArgs: async () => ['--database-url', await server!.freshDatabase()],
    })
  })
}
