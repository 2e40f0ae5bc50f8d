import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'

// A recipient's number, through libphonenumber-js: written in E.164 (+447700900123), with its country.
// A number is kept when its length fits its country's numbering plan (`isPossible`); whether it is in use is the
// channel's to say (a number that is not fails with the channel's reason in the results). So numbers reserved for
// drama and tests (+44 7700 900123) pass, while a typo with a digit too many or too few, letters or an unknown
// country code are refused before anything is sent.

export type PhoneCheck = { ok: true; e164: string; country: string | null } | { ok: false; message: string }

export function checkPhone(value: string, defaultCountry?: string): PhoneCheck {
  const typed = value.trim()
  if (!/\d/.test(typed) || /[^\d\s().+\-/]/.test(typed))
    return { ok: false, message: `'${typed}' is not a phone number.` }
  const international = /^\s*(\+|00)/.test(typed)
  // Spreadsheets drop a leading '+' from numbers stored as numbers: digits alone with no default country are read
  // as written with their country code.
  const text = !international && !defaultCountry ? `+${typed}` : typed
  const parsed = parsePhoneNumberFromString(
    text,
    defaultCountry ? { defaultCountry: defaultCountry as CountryCode } : {},
  )
  if (!parsed || !parsed.isPossible())
    return {
      ok: false,
      message:
        international || !defaultCountry
          ? `'${typed}' is not a phone number with its country code, such as +44 7700 900123.`
          : `'${typed}' is not a phone number of ${defaultCountry} (or write it with its country code).`,
    }
  return { ok: true, e164: parsed.number, country: parsed.country ?? parsed.getPossibleCountries()[0] ?? null }
}

/**
 * The country of an E.164 number (ISO 3166 alpha-2): the one its digits belong to, else the main country of its
 * calling code (the metadata lists it first: GB for +44, US for +1), for numbers outside the allocated ranges.
 */
export function phoneCountry(e164: string): string | null {
  const parsed = parsePhoneNumberFromString(e164)
  return parsed?.country ?? parsed?.getPossibleCountries()[0] ?? null
}
