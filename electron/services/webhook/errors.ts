// Every answer the listener gives that is not a started run: a status and `{ "error": { "code", "message" } }`.
// docs/webhook.md lists each code; tests assert them, so treat the codes as a public contract.
import { describeBytes } from '../../../shared/json/bounds'

export interface WebhookErrorBody {
  error: { code: string; message: string; field?: string }
}

export class WebhookError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Path of the offending body field, e.g. `data` or `phone_number`. */
    readonly field?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message)
  }

  body(): WebhookErrorBody {
    return {
      error:
        this.field === undefined
          ? { code: this.code, message: this.message }
          : { code: this.code, message: this.message, field: this.field },
    }
  }
}

/** The one answer to a missing key, a wrong key, and any key for a flow that has no secret (or does not exist). */
export const unauthorized = (): WebhookError =>
  new WebhookError(
    401,
    'unauthorized',
    "Missing or wrong x-api-key for this flow. Copy the flow's webhook secret from the studio.",
  )

/** The limit as a person reads it, from the one constant that enforces it: "4 MiB (4,194,304 bytes)". */
export const describeLimit = (bytes: number): string =>
  `${describeBytes(bytes)} (${bytes.toLocaleString('en-US')} bytes)`

/**
 * Maps an error Fastify raised before our handler ran (body parsing, limits) to our codes; never leaks internals.
 * `maxBodyBytes` is the limit of the route the request reached, so a 413 names the limit that refused it.
 */
export function fromFramework(err: { code?: string; statusCode?: number }, maxBodyBytes: number): WebhookError {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return unsupportedMediaType()
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new WebhookError(413, 'body_too_large', `The request body is larger than ${describeLimit(maxBodyBytes)}.`)
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return missingBody()
    case 'FST_ERR_BAD_URL':
      return new WebhookError(400, 'invalid_url', 'The URL is not valid (check its percent-encoding).')
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new WebhookError(400, 'invalid_content_length', 'The Content-Length header does not match the body.')
  }
  if (err.statusCode === 400) {
    return new WebhookError(
      400,
      'invalid_json',
      'The request body is not valid JSON (or uses a forbidden key such as __proto__).',
    )
  }
  if (err.statusCode !== undefined && err.statusCode > 400 && err.statusCode < 500) {
    return new WebhookError(err.statusCode, 'bad_request', 'The request could not be read.')
  }
  return internal()
}

export const unsupportedMediaType = (): WebhookError =>
  new WebhookError(
    415,
    'unsupported_media_type',
    'Send the body as JSON with the header Content-Type: application/json.',
  )

export const missingBody = (): WebhookError =>
  new WebhookError(400, 'missing_body', 'The request has no body; send a JSON object with at least phone_number.')

export const internal = (): WebhookError =>
  new WebhookError(500, 'internal', 'The studio could not start the run; details are in the studio log.')
