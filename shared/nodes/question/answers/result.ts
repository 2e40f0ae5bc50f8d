// What reading one typed answer gives: the value to save, or why the answer was refused.

export type SavedValue = string | number

/** Stable codes for refusals: tests, the trace and test generation read these, the customer reads `reason`. */
export type RefusalCode =
  | 'empty'
  | 'too_short'
  | 'too_long'
  | 'not_a_number'
  | 'below_min'
  | 'above_max'
  | 'not_an_email'
  | 'email_typo'
  | 'not_a_phone'
  | 'phone_too_short'
  | 'phone_too_long'
  | 'phone_country_code'
  | 'phone_needs_country'
  | 'phone_not_in_country'
  | 'not_a_date'
  | 'several_dates'
  | 'no_time'
  | 'date_passed'
  | 'date_too_early'
  | 'date_too_late'
  | 'not_a_choice'
  | 'no_match'
  | 'bad_pattern'

export type AnswerResult =
  | { ok: true; value: SavedValue }
  | {
      ok: false
      code: RefusalCode
      /** One sentence for the customer, naming what was wrong. */
      reason: string
      /** A corrected answer worth offering (an email address with its domain's typo fixed). */
      suggestion?: string
      /**
       * Set on a refusal the customer may overrule by sending the same answer again (a domain that only looks like
       * a typo): the value saved then.
       */
      overrule?: SavedValue
    }

export const accept = (value: SavedValue): AnswerResult => ({ ok: true, value })

export const refuse = (
  code: RefusalCode,
  reason: string,
  more: { suggestion?: string; overrule?: SavedValue } = {},
): AnswerResult => ({
  ok: false,
  code,
  reason,
  ...more,
})

/** Quotes a customer's answer inside a reason, shortened so a pasted essay does not come back whole. */
export function quoted(text: string): string {
  const one = text.replace(/\s+/g, ' ').trim()
  return `"${one.length > 40 ? `${one.slice(0, 39)}…` : one}"`
}
