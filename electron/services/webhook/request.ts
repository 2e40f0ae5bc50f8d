import { z } from 'zod'
import { WebhookError } from './errors'

/** The request body, checked: the phone number normalised to `+<digits>`. */
export interface WebhookRequest {
  phone_number: string
  data: Record<string, unknown>
  message_text?: string
  button_id?: string
}

export const MAX_MESSAGE_TEXT = 4096
export const MAX_BUTTON_ID = 256

// E.164: a '+', a country code that does not start with 0, 8 to 15 digits in all. Spaces, dashes, dots and
// parentheses are dropped first so `+91 98000-00001` is accepted as people write it.
const E164 = /^\+[1-9]\d{7,14}$/
const SEPARATORS = /[\s\-.()]/g

const BodySchema = z.strictObject({
  phone_number: z.string(),
  data: z.record(z.string(), z.unknown()).optional(),
  message_text: z.string().max(MAX_MESSAGE_TEXT).optional(),
  button_id: z.string().max(MAX_BUTTON_ID).optional(),
})

/** Checks a parsed JSON body; throws a 400 WebhookError naming the first offending field. */
export function parseWebhookBody(body: unknown): WebhookRequest {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new WebhookError(
      400,
      'body_not_object',
      'The body must be a JSON object such as {"phone_number": "+919800000001"}.',
    )
  }
  const parsed = BodySchema.safeParse(body)
  if (!parsed.success) {
    // A mistyped field ({"phone": …}) is named as unknown, as docs/webhook.md promises, not reported as the missing
    // phone_number it was meant to be.
    const issues = parsed.error.issues
    throw toError(issues.find((i) => i.code === 'unrecognized_keys') ?? issues[0]!, body as Record<string, unknown>)
  }
  const { phone_number, data, message_text, button_id } = parsed.data
  const phone = phone_number.replace(SEPARATORS, '')
  if (!E164.test(phone)) {
    throw new WebhookError(
      400,
      'invalid_phone_number',
      'phone_number must carry its country code in international form, e.g. "+919800000001" (a "+", then 8 to 15 digits).',
      'phone_number',
    )
  }
  const out: WebhookRequest = { phone_number: phone, data: data ?? {} }
  if (message_text !== undefined) out.message_text = message_text
  if (button_id !== undefined) out.button_id = button_id
  return out
}

function toError(issue: z.core.$ZodIssue, body: Record<string, unknown>): WebhookError {
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!
    return new WebhookError(
      400,
      'unknown_field',
      `Unknown field "${key.slice(0, 100)}": the body takes phone_number, data, message_text and button_id.`,
      key.slice(0, 100),
    )
  }
  const field = issue.path.map(String).join('.')
  const top = String(issue.path[0] ?? '')
  if (top === 'phone_number' && !(top in body)) {
    return new WebhookError(400, 'missing_field', 'phone_number is required, e.g. "+919800000001".', 'phone_number')
  }
  if (issue.code === 'too_big') {
    const max = top === 'message_text' ? MAX_MESSAGE_TEXT : MAX_BUTTON_ID
    return new WebhookError(400, 'field_too_long', `${field} is longer than ${max} characters.`, field)
  }
  const expected = top === 'data' ? 'a JSON object' : 'a string'
  return new WebhookError(400, 'invalid_field', `${field} must be ${expected}.`, field)
}
