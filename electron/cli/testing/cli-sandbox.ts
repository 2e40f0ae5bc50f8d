import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, vi } from 'vitest'
import { openDatabase } from '../../services/db/open'

// A command's tests each get a fresh temporary folder and what the command wrote to stdout and stderr (captured, not
// printed); the folder is removed after each test. Call once at a test file's top level.

export interface CliSandbox {
  /** This test's folder. */
  readonly dir: string
  /** What the command wrote to stdout and stderr in this test (set '' to read only what comes next). */
  out: string
  err: string
  /** A path inside this test's folder. */
  at(name: string): string
  /** `fn` with the studio database of `dataDir` (made if missing), closed after. */
  withDb<T>(dataDir: string, fn: (db: ReturnType<typeof openDatabase>) => T): T
}

export function useCliSandbox(prefix: string): CliSandbox {
  const s = { dir: '', out: '', err: '' }
  beforeEach(() => {
    s.dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix))
    s.out = s.err = ''
    vi.spyOn(process.stdout, 'write').mockImplementation((c) => ((s.out += String(c)), true))
    vi.spyOn(process.stderr, 'write').mockImplementation((c) => ((s.err += String(c)), true))
  })
  afterEach(() => {
    vi.restoreAllMocks()
    fs.rmSync(s.dir, { recursive: true, force: true })
  })
  return {
    get dir() {
      return s.dir
    },
    get out() {
      return s.out
    },
    set out(v) {
      s.out = v
    },
    get err() {
      return s.err
    },
    set err(v) {
      s.err = v
    },
    at: (name) => path.join(s.dir, name),
    withDb(dataDir, fn) {
      fs.mkdirSync(dataDir, { recursive: true })
      const db = openDatabase(path.join(dataDir, 'studio.sqlite'))
      try {
        return fn(db)
      } finally {
        db.close()
      }
    },
  }
}
