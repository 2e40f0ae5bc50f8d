import fs from 'node:fs'
import path from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import type { Database } from 'better-sqlite3'
import { DatabaseOpenError, ensureDataDir } from './errors'
import { migrations as knownMigrations, type Migration } from './migrations'
import { checkApplied, runMigrations } from './migrate'
import { makePrivateDir, PRIVATE_FILE_MODE, tightenFile, type PermissionNotice } from './private-files'
import { keepDamagedWalAside, type WalRecovery } from './wal-recovery'

export type { Database } from 'better-sqlite3'

export interface OpenDatabaseOptions {
  /** The schema steps this build knows; tests pass shorter or longer lists. */
  migrations?: Migration[]
  /** How long ordinary statements wait on a lock held by this process's other work. */
  busyTimeoutMs?: number
  /** A better-sqlite3 binary other than node_modules' own: the desktop app started from a checkout passes the
   *  copy built for Electron's ABI. */
  nativeBinding?: string
  /** Told when the write-ahead log was damaged and a copy was kept aside (wal-recovery.ts); default: a line on stderr. */
  onWalRecovered?: (recovery: WalRecovery) => void
  /** Told when the data folder or a database file was open to other users and was tightened (private-files.ts);
   *  default: a line on stderr. */
  onPermissions?: PermissionNotice
}

/** The database and the files SQLite keeps beside it: each holds the data, so each is the owner's only. */
export const databaseFiles = (file: string): string[] => [file, `${file}-wal`, `${file}-shm`, `${file}-journal`]

const SQLITE_MAGIC = Buffer.from('SQLite format 3\0', 'latin1')

/**
 * Opens (creating when absent) the studio database and brings its schema up to date.
 *
 * Locking: the connection uses SQLite's EXCLUSIVE locking mode and takes the lock before reading anything, so a
 * second studio on the same file fails fast with `db_locked` instead of the two interleaving writes. The OS drops
 * the lock when a process dies, so there is no stale lock file to clean up after a crash.
 * Refusals (locked, too new, corrupt, foreign, unreadable) throw DatabaseOpenError and leave the file untouched:
 * nothing is written until the file has proved to be ours and readable.
 */
export function openDatabase(file: string, options: OpenDatabaseOptions = {}): Database {
  const known = options.migrations ?? knownMigrations
  const memory = file === ':memory:'
  const onPermissions = options.onPermissions ?? ((m) => process.stderr.write(`Chatflow Studio: ${m}\n`))
  if (!memory) {
    inspectFile(file, onPermissions)
    // Before SQLite reads the log: its recovery would drop every commit after a damaged frame without a word.
    const recovery = keepDamagedWalAside(file)
    if (recovery) (options.onWalRecovered ?? ((r) => process.stderr.write(`Chatflow Studio: ${r.message}\n`)))(recovery)
    for (const f of databaseFiles(file)) tightenFile(f, onPermissions)
    // SQLite makes a new database 0644 (less the umask) and gives its -wal and -shm the database's own mode, so a
    // database that starts as an empty 0600 file keeps every file beside it private too.
    if (!fs.existsSync(file)) {
      try {
        fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE))
      } catch (err) {
        throw unreadable(file, err)
      }
    }
  }
  let db: Database
  try {
    db = new BetterSqlite3(file, options.nativeBinding ? { nativeBinding: options.nativeBinding } : {})
  } catch (err) {
    throw classify(err, file)
  }
  try {
    db.pragma('busy_timeout = 0')
    if (!memory) db.pragma('locking_mode = EXCLUSIVE')
    claimAndCheck(db, file, known)
    db.pragma('journal_mode = WAL')
    // In WAL mode NORMAL survives a crash or SIGKILL of the process (only a power cut can lose the last commits),
    // and spares an fsync per run step: FULL put 35-80 ms fsync stalls into the p99 of every webhook and reply.
    db.pragma('synchronous = NORMAL')
    db.pragma('foreign_keys = ON')
    db.pragma(`busy_timeout = ${options.busyTimeoutMs ?? 5000}`)
    runMigrations(db, known)
    if (!memory) for (const f of databaseFiles(file)) tightenFile(f, onPermissions)
    return db
  } catch (err) {
    db.close()
    throw classify(err, file)
  }
}

/** Takes the exclusive lock and checks the file before the first write (journal mode, migrations). */
function claimAndCheck(db: Database, file: string, known: Migration[]): void {
  db.exec('BEGIN EXCLUSIVE')
  try {
    const check = db.pragma('quick_check', { simple: true })
    if (check !== 'ok') {
      throw new DatabaseOpenError('db_corrupt', corruptMessage(file, String(check)), file)
    }
    checkApplied(db, file, known)
  } finally {
    db.exec('COMMIT')
  }
}

function inspectFile(file: string, onPermissions: PermissionNotice): void {
  ensureDataDir(path.dirname(file), (dir) => makePrivateDir(dir, onPermissions))
  let stat: fs.Stats
  try {
    stat = fs.statSync(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw unreadable(file, err)
  }
  if (!stat.isFile()) {
    throw new DatabaseOpenError('db_unreadable', `The studio database ${file} is not a regular file.`, file)
  }
  if (stat.size === 0) return
  let fd: number | undefined
  try {
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK)
    fd = fs.openSync(file, 'r')
    const head = Buffer.alloc(SQLITE_MAGIC.length)
    const read = fs.readSync(fd, head, 0, head.length, 0)
    if (read < head.length || !head.equals(SQLITE_MAGIC)) {
      throw new DatabaseOpenError('db_corrupt', corruptMessage(file, 'it is not an SQLite database file'), file)
    }
  } catch (err) {
    if (err instanceof DatabaseOpenError) throw err
    throw unreadable(file, err)
  } finally {
    if (fd !== undefined) fs.closeSync(fd)
  }
}

function classify(err: unknown, file: string): Error {
  if (err instanceof DatabaseOpenError) return err
  const code = (err as { code?: unknown }).code
  const detail = err instanceof Error ? err.message : String(err)
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    return new DatabaseOpenError(
      'db_locked',
      `The studio database ${file} is in use by another running Chatflow Studio. ` +
        'Close the other studio, or start this one with a different --data-dir, and try again.',
      file,
    )
  }
  if (typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) {
    return new DatabaseOpenError('db_corrupt', corruptMessage(file, detail), file)
  }
  if (typeof code === 'string' && /^SQLITE_(CANTOPEN|PERM|READONLY|IOERR|AUTH)/.test(code)) {
    return unreadable(file, err)
  }
  return err instanceof Error ? err : new Error(detail)
}

function unreadable(file: string, err: unknown): DatabaseOpenError {
  const detail = err instanceof Error ? err.message : String(err)
  return new DatabaseOpenError(
    'db_unreadable',
    `The studio database ${file} cannot be opened for reading and writing (${detail}). Check its permissions.`,
    file,
  )
}

function corruptMessage(file: string, detail: string): string {
  return (
    `The studio database ${file} is damaged or is not a Chatflow Studio database (${detail}). ` +
    'It was left untouched: move it aside to start with an empty studio, or restore it from a backup.'
  )
}
