// Reads a SQLite write-ahead log the way SQLite's recovery does (docs/storage.md, Opening),
// before SQLite opens the database. SQLite replays frames up to the first one whose checksum or salt is wrong and
// silently drops the rest, so one damaged frame in the middle of the log threw away every later commit. Here the
// log is read first: when frames of committed transactions follow the damage, the log is reported as damaged so
// the caller can keep a copy aside before SQLite truncates it.
import fs from 'node:fs'

const HEADER = 32
const FRAME_HEADER = 24

export interface WalReport {
  /** Committed transactions would be lost: frames after the damage, or everything behind an unreadable header. */
  damaged: boolean
  /** Committed transactions SQLite will replay. */
  recoveredCommits: number
  /** Committed transactions written after the damage, which SQLite would drop (unknown behind a bad header). */
  lostCommits: number
  /** Byte offset of the first frame SQLite will not read, when the log is damaged. */
  damagedAt: number | null
  /** The log's header itself is unreadable while frames follow it. */
  headerDamaged: boolean
}

/** Null when there is no log, or it holds nothing to replay or lose. */
export function checkWal(file: string): WalReport | null {
  let data: Buffer
  try {
    data = fs.readFileSync(file)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
  return readWal(data)
}

export function readWal(data: Buffer): WalReport | null {
  if (data.length < HEADER) return null
  const magic = data.readUInt32BE(0)
  const pageSize = data.readUInt32BE(8)
  const frameSize = FRAME_HEADER + pageSize
  const headerOk =
    (magic === 0x377f0682 || magic === 0x377f0683) &&
    pageSize >= 512 &&
    pageSize <= 65536 &&
    (pageSize & (pageSize - 1)) === 0 &&
    sameChecksum(checksum(data, 0, 24, [0, 0], magic & 1), data, 24)
  if (!headerOk) {
    // Without a readable header SQLite ignores the whole log: damaged if anything follows the header.
    return data.length > HEADER
      ? { damaged: true, recoveredCommits: 0, lostCommits: 0, damagedAt: 0, headerDamaged: true }
      : null
  }
  const bigEndian = magic & 1
  const salt1 = data.readUInt32BE(16)
  const salt2 = data.readUInt32BE(20)
  let sum: [number, number] = [data.readUInt32BE(24), data.readUInt32BE(28)]
  let recovered = 0
  let offset = HEADER
  // SQLite's own walk: every frame must carry this log's salts and continue the running checksum.
  while (offset + frameSize <= data.length) {
    const salted = data.readUInt32BE(offset + 8) === salt1 && data.readUInt32BE(offset + 12) === salt2
    if (!salted) break
    const next = checksum(data, offset + FRAME_HEADER, pageSize, checksum(data, offset, 8, sum, bigEndian), bigEndian)
    if (!sameChecksum(next, data, offset + 16)) break
    sum = next
    if (data.readUInt32BE(offset + 4) !== 0) recovered++
    offset += frameSize
  }
  // Past the valid part: commit frames that still carry this log's salts were written after the damage. Frames
  // with other salts are leftovers of an earlier use of the file, and a torn last frame is a write cut short.
  let lost = 0
  for (let at = offset; at + frameSize <= data.length; at += frameSize) {
    const salted = data.readUInt32BE(at + 8) === salt1 && data.readUInt32BE(at + 12) === salt2
    if (salted && data.readUInt32BE(at + 4) !== 0) lost++
  }
  if (recovered === 0 && lost === 0) return null
  return {
    damaged: lost > 0,
    recoveredCommits: recovered,
    lostCommits: lost,
    damagedAt: lost ? offset : null,
    headerDamaged: false,
  }
}

/** SQLite's WAL checksum over `length` bytes (a multiple of 8) from `start`, continuing from `[s0, s1]`. */
function checksum(
  data: Buffer,
  start: number,
  length: number,
  [s0, s1]: [number, number],
  bigEndian: number,
): [number, number] {
  const read = bigEndian ? (i: number) => data.readUInt32BE(i) : (i: number) => data.readUInt32LE(i)
  for (let i = start; i < start + length; i += 8) {
    s0 = (s0 + read(i) + s1) >>> 0
    s1 = (s1 + read(i + 4) + s0) >>> 0
  }
  return [s0, s1]
}

const sameChecksum = (sum: [number, number], data: Buffer, at: number) =>
  sum[0] === data.readUInt32BE(at) && sum[1] === data.readUInt32BE(at + 4)
