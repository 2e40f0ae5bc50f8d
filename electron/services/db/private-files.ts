// The data folder holds every flow, the hashed webhook keys, the encrypted publish keys and the key that decrypts
// them, and the browser host's session token: other users of the computer must not read any of it. The folder is
// made 0700 and each file 0600 on every host (desktop, browser host, `chatflow serve` on SQLite, the CLI); a folder
// or file found looser (made by an older version, or by hand) is tightened and the host is told, so it can say so.
// Windows has no such mode bits (its folders under the profile are the user's own); there this does nothing.
import fs from 'node:fs'
import path from 'node:path'

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

/** Told when a looser folder or file was tightened, or could not be (not its owner): a sentence to show. */
export type PermissionNotice = (message: string) => void

const applies = process.platform !== 'win32'
const octal = (mode: number) => (mode & 0o777).toString(8)

/** What a studio's data folder holds: a folder holding anything else is someone's folder that also holds ours. */
const STUDIO_ENTRY =
  /^(studio\.sqlite(-wal|-shm|-journal)?|browser-host\.token|secrets\.key|media|damaged-wal-.*|\..*\.tmp)$/

/**
 * Creates `dir` (and missing parents, all 0700) when absent; an existing data folder open to others is tightened. A
 * folder that holds other things too (`--data-dir ~`, a project folder, a shared /srv) is not changed: others would
 * lose what they may read there. The studio's own files in it are 0600 all the same; the host is told.
 */
export function makePrivateDir(dir: string, notice: PermissionNotice): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE })
  if (!applies) return
  const others = fs.readdirSync(dir).filter((name) => !STUDIO_ENTRY.test(name))
  if (others.length === 0) return tighten(dir, 'folder', notice)
  const mode = fs.statSync(dir).mode
  if ((mode & 0o077) !== 0)
    notice(
      `The folder ${dir} can be read by other users of this computer (mode ${octal(mode)}) and holds other things ` +
        `than the studio's (${others.slice(0, 3).join(', ')}${others.length > 3 ? ', …' : ''}), so it was left as ` +
        `it is; the studio's files in it are readable by you only. A folder of the studio's own is safer ` +
        `(--data-dir DIR).`,
    )
}

/** An existing file readable or writable by others is made the owner's only (0600); a missing one stays missing. */
export function tightenFile(file: string, notice: PermissionNotice): void {
  if (applies) tighten(file, 'file', notice)
}

/**
 * Writes `content` to a new file of mode 0600 and moves it over `file`: the mode of `writeFileSync` applies only to
 * a file it creates, so rewriting an existing loose file in place would keep it loose.
 */
export function writePrivateFile(file: string, content: string): void {
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`)
  fs.writeFileSync(temp, content, { mode: PRIVATE_FILE_MODE, flag: 'w' })
  if (applies) fs.chmodSync(temp, PRIVATE_FILE_MODE)
  fs.renameSync(temp, file)
}

/** Whether others than the owner may read or write it (group or world bits set). */
export function isLoose(file: string): boolean {
  return applies && (fs.statSync(file).mode & 0o077) !== 0
}

/** Takes the group's and others' bits away and leaves the owner's as they were (a read-only file stays read-only). */
function tighten(target: string, kind: 'folder' | 'file', notice: PermissionNotice): void {
  let stat: fs.Stats
  try {
    stat = fs.statSync(target)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  if ((stat.mode & 0o077) === 0) return
  const mode = stat.mode & 0o700
  try {
    fs.chmodSync(target, mode)
    notice(
      `The ${kind} ${target} could be read by other users of this computer (mode ${octal(stat.mode)}); ` +
        `it is now ${octal(mode)}, readable by you only.`,
    )
  } catch (err) {
    // Someone else's folder (a shared --data-dir): say so rather than refuse to start.
    notice(
      `The ${kind} ${target} can be read by other users of this computer (mode ${octal(stat.mode)}) and could not ` +
        `be tightened (${(err as Error).message}). Keep the studio's data in a folder of your own (--data-dir DIR).`,
    )
  }
}
