import type { ApiError, ApiIssue } from '../../shared/api'

/** Thrown by a handler to answer with a typed error instead of a result. Anything else thrown is 'internal'. */
export class ApiFailure extends Error {
  constructor(
    readonly code: ApiError['code'],
    message: string,
    readonly issues?: ApiIssue[],
  ) {
    super(message)
  }
}

export function notFound(what: string, id: string): ApiFailure {
  return new ApiFailure('not_found', `${what} ${id} does not exist (it may have been deleted).`)
}
