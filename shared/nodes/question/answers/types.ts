// The answer types of a Question and what each accepts and saves. Light on purpose (no parsing libraries): the
// node definition, validation and the panel read it, and the parsers (./index.ts) load only where answers are read.

export const ANSWER_TYPES = ['text', 'number', 'email', 'phone', 'date', 'datetime', 'choice', 'regex'] as const
export type AnswerType = (typeof ANSWER_TYPES)[number]

export interface AnswerTypeInfo {
  label: string
  /** What a customer may type, for the panel and docs/flow-format.md. */
  accepts: string
  /** The saved value's JSON type and, for strings, its form: the Expression Builder's Variables tab shows both. */
  saves: { type: 'string' | 'number'; format?: string }
}

export const ANSWER_TYPE_INFO: Record<AnswerType, AnswerTypeInfo> = {
  text: {
    label: 'Text',
    accepts: 'Any text; min and max bound its length in characters.',
    saves: { type: 'string' },
  },
  number: {
    label: 'Number',
    accepts:
      'Digits written the flow locale\'s way (1,250.50 in en-GB, 1.250,50 in de-DE, 1,00,000 in en-IN), a currency sign, a few words after ("25 years old"), or English words ("twenty five"); min and max bound the value.',
    saves: { type: 'number' },
  },
  email: {
    label: 'Email',
    accepts:
      'An address valid by the HTML standard with a full domain (ana@company.com); a likely typo of a common domain (gmial.com) is questioned once.',
    saves: { type: 'string', format: 'email' },
  },
  phone: {
    label: 'Phone',
    accepts:
      "A number with its country code (+44 7700 900123), or without it in the flow's default country (07700 900123); spaces, dots, dashes and brackets allowed.",
    saves: { type: 'string', format: 'phone, E.164' },
  },
  date: {
    label: 'Date',
    accepts:
      "A date in words or digits in the flow's language: Thursday, tomorrow, 3 Dec, next Friday, 03/12/2026 (day/month order of the locale), 2026-12-03.",
    saves: { type: 'string', format: 'date, YYYY-MM-DD' },
  },
  datetime: {
    label: 'Date and time',
    accepts:
      'A date with a time: Thursday at 3pm, tomorrow 17:30, next Friday at 5 (a bare hour from 1 to 7 is afternoon).',
    saves: { type: 'string', format: 'date and time, ISO 8601 with offset' },
  },
  choice: {
    label: 'Choice',
    accepts: 'One of the listed choices, in any letter case.',
    saves: { type: 'string' },
  },
  regex: {
    label: 'Pattern',
    accepts: 'Text the regular expression matches as a whole.',
    saves: { type: 'string' },
  },
}

/** The answer type's description of its saved value: "string · date, YYYY-MM-DD". */
export function savedTypeText(type: AnswerType): string {
  const s = ANSWER_TYPE_INFO[type].saves
  return s.format ? `${s.type} · ${s.format}` : s.type
}
