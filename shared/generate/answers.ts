// Answers to a Question, for the generator and the fuzzer: the one place that knows how an answer is checked (the
// Question node's own check) and what valid and invalid answers of each type look like. Answers that must match a
// pattern come from fast-check's regular-expression generator, seeded, so a suite is the same on every run.
import fc from 'fast-check'
import { displayValue } from '../expr'
import { checkAnswer } from '../nodes/question/answer'
import type { QuestionConfig } from '../nodes/question/definition'

export type Parsed = { ok: true; value: string | number } | { ok: false; reason: string }

/** What the Question node makes of a typed answer: the value it saves, or why it refuses it. */
export function parseAnswer(text: string, config: QuestionConfig): Parsed {
  return checkAnswer(text, config)
}

/** The typed text for a value a rule wants saved, checked by the node's own parser; null when none fits. */
export function answerText(value: unknown, config: QuestionConfig): { text: string; saved: string | number } | null {
  const text = displayValue(value)
  const parsed = parseAnswer(text, config)
  return parsed.ok ? { text, saved: parsed.value } : null
}

/** Valid answers, the most ordinary first. */
export function validAnswers(c: QuestionConfig): string[] {
  const out = candidatesByType(c).filter((t) => parseAnswer(t, c).ok)
  return [...new Set(out)]
}

/** Answers the node refuses, the most telling first (empty, wrong kind, out of range). */
export function invalidAnswers(c: QuestionConfig): string[] {
  const out = ['', ...wrongByType(c)].filter((t) => !parseAnswer(t, c).ok)
  return [...new Set(out)]
}

function candidatesByType(c: QuestionConfig): string[] {
  switch (c.answerType) {
    case 'text': {
      const min = c.min ?? 1
      const max = c.max ?? 200
      const base = 'Test answer'
      return [base.length >= min && base.length <= max ? base : 'x'.repeat(Math.max(min, 1)).slice(0, Math.max(max, 1))]
    }
    case 'number': {
      const lo = c.min ?? -Infinity
      const hi = c.max ?? Infinity
      const clamp = (n: number) => Math.min(Math.max(n, lo), hi)
      return [String(clamp(42)), ...(Number.isFinite(lo) ? [String(lo)] : []), ...(Number.isFinite(hi) ? [String(hi)] : [])]
    }
    case 'email':
      return ['test@example.com']
    case 'phone':
      return ['+14155552671']
    case 'date':
      return ['2030-01-15']
    case 'choice':
      return c.choices.map((x) => x.trim()).filter(Boolean)
    case 'regex':
      return matching(c.pattern)
  }
}

function wrongByType(c: QuestionConfig): string[] {
  switch (c.answerType) {
    case 'text':
      return [...(c.min !== null && c.min > 1 ? ['x'.repeat(c.min - 1)] : []), ...(c.max !== null ? ['x'.repeat(c.max + 1)] : [])]
    case 'number':
      return ['abc', ...(c.min !== null ? [String(c.min - 1)] : []), ...(c.max !== null ? [String(c.max + 1)] : [])]
    case 'email':
      return ['not an email', 'test@']
    case 'phone':
      return ['abc', '12']
    case 'date':
      return ['someday', '2030-02-30']
    case 'choice':
      return ['none of these', '?']
    case 'regex':
      return ['?', 'zz zz', '0']
  }
}

const matches = new Map<string, string[]>()

/** A few strings matching the whole pattern (the node anchors it), from a fixed seed; worked out once per pattern. */
function matching(pattern: string): string[] {
  let out = matches.get(pattern)
  if (!out) {
    if (matches.size > 200) matches.clear()
    out = sample(pattern)
    matches.set(pattern, out)
  }
  return out
}

function sample(pattern: string): string[] {
  let re: RegExp
  try {
    re = new RegExp(`^(?:${pattern})$`)
  } catch {
    return []
  }
  try {
    return fc.sample(fc.stringMatching(re), { seed: 21, numRuns: 8 }).sort((a, b) => a.length - b.length)
  } catch {
    // Features fast-check cannot generate from (back-references, look-arounds) leave only the literal tries.
    return []
  }
}
