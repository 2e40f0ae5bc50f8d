// Before SQLite opens a database whose write-ahead log is damaged (and would silently drop every commit after the
// damage), a copy of the database and its log is kept aside, as they were, and the caller is told what SQLite can
// recover and where the copy is. Nothing is deleted: the copy is the user's to restore from or to hand to support.
import fs from 'node:fs'
import path from 'node:path'
import { checkWal, type WalReport } from './wal-check'

export interface WalRecovery {
  report: WalReport
  /** Folder holding the database file and its damaged log as they were before opening. */
  copyDir: string
  /** One paragraph for the user: what was recovered, what was not, where the copy is. */
  message: string
}

/** Checks `file`'s log; when it is damaged, copies both aside and returns what to tell the user. */
export function keepDamagedWalAside(file: string, now: Date = new Date()): WalRecovery | null {
  const wal = `${file}-wal`
  const report = checkWal(wal)
  if (!report?.damaged) return null
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  const copyDir = path.join(path.dirname(file), `damaged-wal-${stamp}`)
  fs.mkdirSync(copyDir, { recursive: true })
  for (const f of [file, wal])
    if (fs.existsSync(f)) fs.copyFileSync(f, path.join(copyDir, path.basename(f)), fs.constants.COPYFILE_EXCL)
  return { report, copyDir, message: describe(file, report, copyDir) }
}

function describe(file: string, r: WalReport, copyDir: string): string {
  const name = path.basename(file)
  const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  const what = r.headerDamaged
    ? `The write-ahead log of ${name} was damaged at its start, so none of the changes it held could be read.`
    : `The write-ahead log of ${name} was damaged at byte ${r.damagedAt}: ${plural(r.recoveredCommits, 'saved change')} before the damage ` +
      `${r.recoveredCommits === 1 ? 'was' : 'were'} recovered; ${plural(r.lostCommits, 'saved change')} after it could not be read and ` +
      `${r.lostCommits === 1 ? 'is' : 'are'} missing from the studio.`
  return `${what} The database and the damaged log, exactly as they were, are kept in ${copyDir}; restore from a backup, or keep that folder for support to recover the rest.`
}
