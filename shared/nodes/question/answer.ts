import type { QuestionConfig } from './definition'

// Checks a typed answer against the question's answer type. Returns the value to save, or why it was refused.
export type AnswerCheck = { ok: true; value: string | number } | { ok: false; reason: string }

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const PHONE_CHARS = /^\+?[\d\s\-().]+$/

export function checkAnswer(raw: string, c: QuestionConfig): AnswerCheck {
  const answer = raw.trim()
  if (!answer) return { ok: false, reason: 'empty' }
  switch (c.answerType) {
    case 'text':
      if (c.min !== null && answer.length < c.min) return { ok: false, reason: `shorter than ${c.min} characters` }
      if (c.max !== null && answer.length > c.max) return { ok: false, reason: `longer than ${c.max} characters` }
      return { ok: true, value: answer }
    case 'number': {
      // Thousands separators are common in typed amounts ("1,250"); a comma alone is not a decimal point here.
      const cleaned = answer.replace(/[\s,_]/g, '')
      if (!/^[+-]?(\d+(\.\d+)?|\.\d+)$/.test(cleaned)) return { ok: false, reason: 'not a number' }
      const n = Number(cleaned)
      if (c.min !== null && n < c.min) return { ok: false, reason: `below ${c.min}` }
      if (c.max !== null && n > c.max) return { ok: false, reason: `above ${c.max}` }
      return { ok: true, value: n }
    }
    case 'email':
      return EMAIL.test(answer) ? { ok: true, value: answer } : { ok: false, reason: 'not an email address' }
    case 'phone': {
      const digits = answer.replace(/\D/g, '')
      if (!PHONE_CHARS.test(answer) || digits.length < 7 || digits.length > 15) return { ok: false, reason: 'not a phone number' }
      return { ok: true, value: (answer.startsWith('+') ? '+' : '') + digits }
    }
    case 'date': {
      const iso = toIsoDate(answer)
      return iso ? { ok: true, value: iso } : { ok: false, reason: 'not a date (YYYY-MM-DD or DD/MM/YYYY)' }
    }
    case 'choice': {
      const hit = c.choices.find((x) => x.trim().toLowerCase() === answer.toLowerCase())
      return hit !== undefined ? { ok: true, value: hit.trim() } : { ok: false, reason: 'not one of the choices' }
    }
    case 'regex': {
      let re: RegExp
      try {
        re = new RegExp(`^(?:${c.pattern})$`)
      } catch {
        return { ok: false, reason: 'the pattern is not a valid regular expression' }
      }
      return re.test(answer) ? { ok: true, value: answer } : { ok: false, reason: 'does not match the pattern' }
    }
  }
}

/** YYYY-MM-DD, or DD/MM/YYYY and DD-MM-YYYY (day first, as the channel's main markets write it); real dates only. */
export function toIsoDate(text: string): string | null {
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  let y: number, mo: number, d: number
  if (m) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  else {
    m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text)
    if (!m) return null
    ;[d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])]
  }
  const date = new Date(Date.UTC(y, mo - 1, d))
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}
