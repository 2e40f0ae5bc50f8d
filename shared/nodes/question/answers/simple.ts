import { answerPatternProblem } from './pattern'
import { accept, quoted, refuse, type AnswerResult } from './result'

// The answer types that need no library: free text with a length range, one of a list, a regular expression.

export function parseText(text: string, rules: { min: number | null; max: number | null }): AnswerResult {
  const answer = text.trim()
  if (!answer) return refuse('empty', 'There was no text in that message.')
  // Length in characters as a person counts them (code points), so an emoji is one.
  const length = [...answer].length
  if (rules.min !== null && length < rules.min)
    return refuse('too_short', `That is shorter than ${rules.min} characters.`)
  if (rules.max !== null && length > rules.max)
    return refuse('too_long', `That is longer than ${rules.max} characters.`)
  return accept(answer)
}

/** Compared case-insensitively; the choice is saved as the flow writes it. */
export function parseChoice(text: string, choices: string[]): AnswerResult {
  const answer = text.trim()
  const offered = choices.map((c) => c.trim()).filter(Boolean)
  if (!answer) return refuse('empty', 'There was no answer in that message.')
  const hit = offered.find((c) => c.toLocaleLowerCase() === answer.toLocaleLowerCase())
  return hit !== undefined
    ? accept(hit)
    : refuse('not_a_choice', `${quoted(answer)} is not one of: ${offered.join(', ')}.`)
}

/** The whole answer must match the pattern. */
export function parseRegex(text: string, pattern: string): AnswerResult {
  const answer = text.trim()
  if (!answer) return refuse('empty', 'There was no answer in that message.')
  let re: RegExp
  try {
    re = new RegExp(`^(?:${pattern})$`)
  } catch {
    return refuse('bad_pattern', 'This question cannot check answers: its pattern is not a valid regular expression.')
  }
  if (answerPatternProblem(pattern))
    return refuse(
      'bad_pattern',
      'This question cannot check answers: its pattern uses a back-reference or a look-around.',
    )
  return re.test(answer) ? accept(answer) : refuse('no_match', `${quoted(answer)} is not in the expected format.`)
}
