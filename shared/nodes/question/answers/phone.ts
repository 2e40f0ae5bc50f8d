import {
  getCountryCallingCode,
  getExampleNumber,
  isSupportedCountry,
  parsePhoneNumberFromString,
  parsePhoneNumberWithError,
  ParseError,
  validatePhoneNumberLength,
  type CountryCode,
  type PhoneNumber,
} from 'libphonenumber-js'
import mobileExamples from 'libphonenumber-js/mobile/examples'
import type { AnswerContext } from './context'
import { accept, quoted, refuse, type AnswerResult } from './result'
import { memoize } from '../../../text/memo'

// Phone numbers through libphonenumber-js (Google's libphonenumber metadata): saved in E.164 (+447700900123).
//
// A number in use (valid by the metadata) is accepted. So is a number shaped like the country's mobile numbers (as
// many digits as its example mobile number) when the customer said which country it is: typed with the country code
// (+44…, or 0044… from the default country) or with the country's trunk prefix (the 0 of 07700…). A range opened
// after this library's metadata was built, or a number reserved for fiction such as 07700 900123, then still gets
// through, while a foreign number typed without its code ("98000 00001" in a UK flow) is not saved under the wrong
// country. A number without a country code is read in the context's country.

/** Digits, spaces and the punctuation people put in numbers; an extension ("ext. 12", "x12") may follow. */
const PHONE_TEXT = /^\+?[\d\s().\-/]+(?:\s*(?:ext\.?|extension|x|#)\s*\d{1,7})?$/i

export function parsePhone(text: string, ctx: AnswerContext): AnswerResult {
  const typed = text.trim().replace(/^tel:/i, '')
  if (!typed) return refuse('empty', 'There was no number in that message.')
  if (!PHONE_TEXT.test(typed) || !/\d/.test(typed))
    return refuse('not_a_phone', `${quoted(typed)} is not a phone number.`)
  const country = supported(ctx.country)
  const international = /^\s*(\+|00)/.test(typed)
  if (!international && !country)
    return refuse(
      'phone_needs_country',
      'Please type the number with its country code, starting with + (for example +44 7700 900123).',
    )
  let number: PhoneNumber
  try {
    number = parsePhoneNumberWithError(typed, country ? { defaultCountry: country } : undefined)
  } catch (err) {
    return fromParseError(err, typed, country)
  }
  const length = validatePhoneNumberLength(typed, country ? { defaultCountry: country } : undefined)
  if (length === 'TOO_SHORT')
    return refuse('phone_too_short', `That number is too short for ${where(number, country)}.`)
  if (length === 'TOO_LONG') return refuse('phone_too_long', `That number is too long for ${where(number, country)}.`)
  if (number.isValid()) return accept(number.number)
  const mobile = mobileLength(number, country)
  const digits = number.nationalNumber.length
  if ((international || typedTrunkPrefix(typed, number)) && digits === mobile) return accept(number.number)
  if (mobile !== null && digits < mobile)
    return refuse('phone_too_short', `That number is too short for ${where(number, country)}.`)
  if (mobile !== null && digits > mobile)
    return refuse('phone_too_long', `That number is too long for ${where(number, country)}.`)
  if (international) return refuse('not_a_phone', `${quoted(typed)} is not ${where(number, country)}.`)
  return refuse(
    'phone_not_in_country',
    `${quoted(typed)} is not ${where(number, country)}. If it is from another country, type it with its country code (+…).`,
  )
}

/** Digits in the national number of the example mobile number of the number's country (the main one of its code). */
function mobileLength(number: PhoneNumber, fallback: CountryCode | undefined): number | null {
  const country = number.country ?? number.getPossibleCountries()[0] ?? fallback
  return country ? (getExampleNumber(country, mobileExamples)?.nationalNumber.length ?? null) : null
}

/** The country of a full international number (a customer's own), or null when it names none for sure. */
export const countryOfNumber = memoize(
  (phone: string): string | null => parsePhoneNumberFromString(phone)?.country ?? null,
  1024,
)

export function countryName(code: string): string {
  try {
    return new Intl.DisplayNames('en', { type: 'region' }).of(code) ?? code
  } catch {
    return code
  }
}

/** "+44" for GB: the code to show next to a country in examples and messages. */
export function callingCode(country: string): string | null {
  return isSupportedCountry(country) ? `+${getCountryCallingCode(country)}` : null
}

function supported(country: string | null): CountryCode | undefined {
  return country && isSupportedCountry(country) ? country : undefined
}

/** "a United Kingdom phone number": the country as an adjective, so no article is needed before its name. */
function where(number: PhoneNumber, fallback: CountryCode | undefined): string {
  const country = number.country ?? number.getPossibleCountries()[0] ?? fallback
  return country
    ? `a ${countryName(country)} phone number`
    : `a phone number with country code +${number.countryCallingCode}`
}

/** More digits typed than the national number holds, ending with it: the library stripped the country's trunk prefix. */
function typedTrunkPrefix(typed: string, number: PhoneNumber): boolean {
  const digits = typed.replace(/(?:ext\.?|extension|x|#)\s*\d+$/i, '').replace(/\D/g, '')
  return digits.length > number.nationalNumber.length && digits.endsWith(number.nationalNumber)
}

function fromParseError(err: unknown, typed: string, country: CountryCode | undefined): AnswerResult {
  const code = err instanceof ParseError ? err.message : ''
  if (code === 'INVALID_COUNTRY') {
    const prefix = /^\s*(?:\+|00)\s*(\d{1,3})/.exec(typed)?.[1]
    return refuse(
      'phone_country_code',
      prefix ? `+${prefix} is not a country code.` : 'That number does not start with a country code.',
    )
  }
  if (code === 'TOO_SHORT')
    return refuse(
      'phone_too_short',
      `That number is too short${country ? ` for a ${countryName(country)} phone number` : ''}.`,
    )
  if (code === 'TOO_LONG') return refuse('phone_too_long', 'That number is too long for a phone number.')
  return refuse('not_a_phone', `${quoted(typed)} is not a phone number.`)
}
