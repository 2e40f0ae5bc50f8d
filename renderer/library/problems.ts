import type { ApiError } from '../../shared/api'

/** The sentences to show beside a form: the back end's problems one by one, else its message. */
export function problemsOf(error: ApiError): string[] {
  if (error.issues?.length) {
    return error.issues.map((i) => {
      // Schema issues carry a path below the payload's root object; rule problems already read as sentences.
      const where = i.path.slice(1).join('.')
      return where ? `${where}: ${i.message}` : i.message
    })
  }
  return [error.message]
}
