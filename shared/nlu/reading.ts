// How the classifier reads a phrase, an example or a customer's message alike: split into clauses at punctuation,
// each clause into words (./normalise.ts), chat short forms spelt out (./chat-forms.ts), a greeting that opens the
// message left out (./greetings.ts) and the words a negated wish governs marked (./negation.ts).
import { spelledOut } from './chat-forms'
import { greetingLength } from './greetings'
import { negatedWords } from './negation'
import { words } from './normalise'

export interface Reading {
  tokens: string[]
  /** negated[i]: tokens[i] is part of something the customer says they do not want. */
  negated: boolean[]
}

/** Marks that end a clause, and so a negation's reach ("don't want to wait, cancel it" cancels). */
const CLAUSE_END = /[.,;:!?()[\]\n\r]+/u

/** `greetings`: read a greeting that opens the phrase as words (a flow with an intent for greetings). */
export function readPhrase(text: string, locale: string, greetings = false): Reading {
  const tokens: string[] = []
  const negated: boolean[] = []
  for (const clause of text.split(CLAUSE_END)) {
    let t = spelledOut(words(clause, locale), locale)
    // Only a greeting that opens the message: "good morning" in "book me in for good morning yoga" is not one.
    if (!tokens.length && !greetings) t = t.slice(greetingLength(t, locale))
    tokens.push(...t)
    negated.push(...negatedWords(t, locale))
  }
  return { tokens, negated }
}
