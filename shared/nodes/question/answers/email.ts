import { likelyDomain } from './email-typos'
import { accept, quoted, refuse, type AnswerResult } from './result'

// Email addresses as the HTML standard defines a valid e-mail address (the WHATWG HTML "valid e-mail address"
// production, the rule browsers apply to <input type=email>), with one addition: the domain needs a dot and an
// ending that is not all digits. HTML accepts "ana@localhost" for intranets; a customer's address is on the internet,
// and "ana@gmail" is far more often an unfinished address than a real one.
//
// A domain that looks like a typo of a common mail provider (gmial.com, hotmial.com, gmail.con) is refused once with
// "Did you mean …?" (./email-typos.ts); sending the same address again keeps it (the Question runner honours
// `overrule`).

const HTML_VALID_EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

export function parseEmail(text: string): AnswerResult {
  const typed = text
    .trim()
    .replace(/^mailto:/i, '')
    .replace(/^<(.*)>$/, '$1')
    .trim()
  if (!typed) return refuse('empty', 'There was no email address in that message.')
  const at = typed.indexOf('@')
  if (at < 0) return refuse('not_an_email', `${quoted(typed)} has no @, so it is not an email address.`)
  if (/\s/.test(typed)) return refuse('not_an_email', 'An email address has no spaces in it.')
  if (typed.indexOf('@', at + 1) >= 0) return refuse('not_an_email', 'An email address has only one @.')
  if (at === 0) return refuse('not_an_email', 'The part before the @ is missing.')
  if (!HTML_VALID_EMAIL.test(typed)) return refuse('not_an_email', `${quoted(typed)} is not a valid email address.`)
  const local = typed.slice(0, at)
  // Domains are case-insensitive; the part before @ is kept as typed, since a few servers do tell case apart.
  const domain = typed.slice(at + 1).toLowerCase()
  const labels = domain.split('.')
  if (labels.length < 2 || /^\d+$/.test(labels.at(-1)!))
    return refuse('not_an_email', `${quoted(typed)} needs a full domain after the @, such as gmail.com.`)
  const address = `${local}@${domain}`
  const fixed = likelyDomain(domain)
  const suggestion = fixed ? `${local}@${fixed}` : null
  if (suggestion) return refuse('email_typo', `Did you mean ${suggestion}?`, { suggestion, overrule: address })
  return accept(address)
}
