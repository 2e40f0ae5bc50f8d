// Test support: a studio database as a crash leaves it (its write-ahead log not yet checkpointed), and damage to
// one commit of that log.
import fs from 'node:fs'
import path from 'node:path'
import { FlowStore } from '../../store/flows'
import { openDatabase } from '../open'

/** A database with 20 flows, each created in its own commit, copied with its log as a crash would leave them. */
export function crashedStudio(dir: string): string {
  const live = path.join(dir, 'live', 'studio.sqlite')
  const db = openDatabase(live, { onWalRecovered: () => undefined })
  db.pragma('wal_autocheckpoint = 0')
  const flows = new FlowStore(db, Date.now)
  for (let i = 1; i <= 20; i++) flows.create(`Flow ${String(i).padStart(2, '0')}`)
  const crashed = path.join(dir, 'crashed', 'studio.sqlite')
  fs.mkdirSync(path.dirname(crashed), { mode: 0o700 })
  fs.copyFileSync(live, crashed)
  fs.copyFileSync(`${live}-wal`, `${crashed}-wal`)
  db.close()
  return crashed
}

/** Flips one byte in the page data of the WAL frame that holds the `nth` commit. */
export function damageCommit(walFile: string, nth: number): void {
  const data = fs.readFileSync(walFile)
  const frame = 24 + data.readUInt32BE(8)
  let commits = 0
  for (let at = 32; at + frame <= data.length; at += frame) {
    if (data.readUInt32BE(at + 4) !== 0 && ++commits === nth) {
      data[at + 24 + 100] = data[at + 24 + 100]! ^ 0xff
      fs.writeFileSync(walFile, data)
      return
    }
  }
  throw new Error(`the log has no commit ${nth}`)
}
