// Why opening the studio database failed, with a stable code for hosts and tests to branch on.
// Every one of these leaves the file exactly as it was: we never "repair" by overwriting a user's data.
export type DatabaseErrorCode =
  | 'db_locked' // another running studio holds the database
  | 'db_too_new' // written by a newer version of the studio
  | 'db_migrations_mismatch' // applied migrations are not a prefix of the ones this app knows
  | 'db_corrupt' // not an SQLite file, or SQLite reports damage
  | 'db_foreign' // a valid SQLite file that some other program made
  | 'db_unreadable' // permissions or I/O prevent opening it

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
