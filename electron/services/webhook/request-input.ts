// The one reader of query parameters and headers for every HTTP listener of the project (the webhook listener with
// the runtime's channel webhook and inbound endpoint, the publish API, the browser host). A parameter or header named
// twice is refused, never turned into an array (a repeated `hub.verify_token` reached the constant-time comparison
// as an array and made the public channel webhook answer 500), and so is a value longer than its limit.
// docs/security.md, "Query parameters and headers", lists the rules.
import type http from 'node:http'

/** The longest query parameter value read, in characters (after percent-decoding). */
export const MAX_QUERY_VALUE_CHARS = 2048
/** The longest header value read, in characters, unless the caller names a smaller limit. */
export const MAX_HEADER_VALUE_CHARS = 4096

export class RequestInputError extends Error {
  constructor(
    /** 400 for a repeated name, 414 for a query value too long, 431 for a header value too long. */
    readonly status: 400 | 414 | 431,
    readonly code: 'repeated_parameter' | 'parameter_too_long' | 'repeated_header' | 'header_too_long',
    message: string,
  ) {
    super(message)
  }
}

/** Names and values as sent may be anything; what a message quotes of them is cut. */
const quote = (name: string) => JSON.stringify(name.length > 64 ? `${name.slice(0, 64)}…` : name)

/**
 * Every query parameter of `url` (a request's path and query) as single strings, in an object without a prototype.
 * Throws RequestInputError when a name is given twice or a value is longer than `maxChars`.
 */
export function readQuery(url: string | undefined, maxChars = MAX_QUERY_VALUE_CHARS): Record<string, string> {
  const at = (url ?? '').indexOf('?')
  const out: Record<string, string> = Object.create(null) as Record<string, string>
  if (at < 0) return out
  for (const [name, value] of new URLSearchParams(url!.slice(at + 1))) {
    if (Object.hasOwn(out, name))
      throw new RequestInputError(
        400,
        'repeated_parameter',
        `The query parameter ${quote(name)} is given more than once; give it once.`,
      )
    if (value.length > maxChars)
      throw new RequestInputError(
        414,
        'parameter_too_long',
        `The query parameter ${quote(name)} is longer than ${maxChars} characters.`,
      )
    out[name] = value
  }
  return out
}

/**
 * The one value of header `name` (any case), or undefined when absent. Node joins most repeated headers with ", "
 * and keeps only the first of others (Authorization, Content-Type, Host…), so the raw list is counted: a header sent
 * twice is refused whichever it is, as is a value longer than `maxChars`.
 */
export function readHeader(
  req: Pick<http.IncomingMessage, 'rawHeaders'>,
  name: string,
  maxChars = MAX_HEADER_VALUE_CHARS,
): string | undefined {
  const wanted = name.toLowerCase()
  let found: string | undefined
  const raw = req.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) {
    if (raw[i]!.toLowerCase() !== wanted) continue
    if (found !== undefined)
      throw new RequestInputError(
        400,
        'repeated_header',
        `The header ${quote(name)} is sent more than once; send it once.`,
      )
    found = raw[i + 1]!
  }
  if (found !== undefined && found.length > maxChars)
    throw new RequestInputError(
      431,
      'header_too_long',
      `The header ${quote(name)} is longer than ${maxChars} characters.`,
    )
  return found
}

/**
 * The one value of cookie `name` in the request's Cookie header, or undefined. A cookie named twice is refused like a
 * repeated parameter (RFC 6265: one Cookie header; a browser sends a name twice only for cookies of other paths).
 */
export function readCookie(req: Pick<http.IncomingMessage, 'rawHeaders'>, name: string): string | undefined {
  let found: string | undefined
  for (const part of (readHeader(req, 'cookie') ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue
    if (found !== undefined)
      throw new RequestInputError(400, 'repeated_parameter', `The cookie ${quote(name)} is sent more than once.`)
    found = part.slice(eq + 1).trim()
  }
  return found
}
