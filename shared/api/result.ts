// The answer to every Command, whichever host carried it. Errors are values, never thrown across the contract.

/** Stable codes a client may branch on. Areas may add their own codes (e.g. 'run_not_found') as plain strings. */
export type CoreErrorCode =
  | 'bad_request' // the payload failed validation; `issues` says where
  | 'unknown_command'
  | 'not_found'
  | 'conflict' // e.g. saving over a newer revision
  | 'disconnected' // the client lost its host before an answer came
  | 'unavailable' // the back end has closed
  | 'internal' // a bug of ours; the message is safe to show, details are in the host's log

export interface ApiIssue {
  /** Path into the payload, e.g. ['document', 'nodes', 0, 'name']. */
  path: (string | number)[]
  message: string
}

export interface ApiError {
  code: CoreErrorCode | (string & {})
  message: string
  issues?: ApiIssue[]
}

export type Result<T> = { ok: true; value: T } | { ok: false; error: ApiError }

export function ok<T>(value: T): Result<T> {
  return { ok: true, value }
}

export function fail(code: ApiError['code'], message: string, issues?: ApiIssue[]): Result<never> {
  return { ok: false, error: issues ? { code, message, issues } : { code, message } }
}
