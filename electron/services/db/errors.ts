// Why opening the studio database failed, with a stable code for hosts and tests to branch on.
// Every one of these leaves the file exactly as it was: we never "repair" by overwriting a user's data.
export type DatabaseErrorCode =
  | 'db_locked' // another running studio holds the database
  | 'db_too_new' // written by a newer version of the studio
  | 'db_migrations_mismatch' // applied migrations are not a prefix of the ones this app knows
  | 'db_corrupt' // not an SQLite file, or SQLite reports damage
  | 'db_foreign' // a valid SQLite file that some other program made
  | 'db_unreadable' // permissions or I/O prevent opening it
  | 'data_dir_unusable' // the data folder cannot be created or is not a folder

export class DatabaseOpenError extends Error {
  override readonly name = 'DatabaseOpenError'
  constructor(
    readonly code: DatabaseErrorCode,
    message: string,
    readonly file: string,
  ) {
    super(message)
  }
}

export function isDatabaseOpenError(err: unknown): err is DatabaseOpenError {
  return err instanceof DatabaseOpenError
}

const DIR_REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the disk is read-only',
  ENOSPC: 'the disk is full',
  ENOTDIR: 'part of the path is a file, not a folder',
  EEXIST: 'a file of that name is in the way',
  ENOENT: 'the folder above it does not exist and cannot be created',
  ENAMETOOLONG: 'the path is too long',
}

/** Creates the data folder when missing; one that cannot be made or used is a refusal a person can act on. */
export function ensureDataDir(dir: string, mkdir: (dir: string) => void): void {
  try {
    mkdir(dir)
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? ''
    const reason = DIR_REASONS[code] ?? (err instanceof Error ? err.message : String(err))
    throw new DatabaseOpenError(
      'data_dir_unusable',
      `Cannot use the data folder ${dir}: ${reason}. Choose another with --data-dir DIR (or CHATFLOW_DATA_DIR).`,
      dir,
    )
  }
}
