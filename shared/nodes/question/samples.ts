// Answers to a Question for whoever must play one (the generator, the fuzzer, the emulator's suggestions): the
// node's own parsers decide what an answer saves (./answers, with the flow's locale, time zone and country), and
// their example generator gives ordinary valid and invalid answers. Answers that must match a pattern also come from
// fast-check's generator for regular expressions, seeded, so a suite is the same on every run.
import fc from 'fast-check'
import { displayValue } from '../../expr'
import { answerExamples, parseAnswer as parse, prepareAnswers, type AnswerContext } from './answers'
import type { AnswerType } from './answers/types'
import type { QuestionConfig } from './definition'

/** Loads the parsers' heavier parts (number words) that answers of this type need; all of them without a type. */
export async function prepare(type?: AnswerType): Promise<void> {
  await prepareAnswers(type)
}

export type Parsed = { ok: true; value: string | number } | { ok: false; reason: string; soft: boolean }

/** What the Question node makes of a typed answer: the value it saves, or why it refuses it (soft: the customer may insist). */
export function parseAnswer(text: string, config: QuestionConfig, ctx: AnswerContext): Parsed {
  const r = parse(text, config, ctx)
  return r.ok ? { ok: true, value: r.value } : { ok: false, reason: r.reason, soft: r.overrule !== undefined }
}

/** The typed text for a value a rule wants saved, checked by the node's own parser; null when none fits. */
export function answerText(
  value: unknown,
  config: QuestionConfig,
  ctx: AnswerContext,
): { text: string; saved: string | number } | null {
  const text = displayValue(value)
  const parsed = parseAnswer(text, config, ctx)
  return parsed.ok ? { text, saved: parsed.value } : null
}

/** Answers worked out once per reading context and Question: exploration asks at every turn it reaches the node. */
const memo = new WeakMap<AnswerContext, Map<string, string[]>>()
function remembered(kind: string, c: QuestionConfig, ctx: AnswerContext, work: () => string[]): string[] {
  let byConfig = memo.get(ctx)
  if (!byConfig) memo.set(ctx, (byConfig = new Map()))
  const key = kind + JSON.stringify(c)
  let out = byConfig.get(key)
  if (!out) byConfig.set(key, (out = work()))
  return [...out]
}

/** Valid answers, the most ordinary first. */
export function validAnswers(c: QuestionConfig, ctx: AnswerContext): string[] {
  return remembered('valid', c, ctx, () => workValid(c, ctx))
}

function workValid(c: QuestionConfig, ctx: AnswerContext): string[] {
  const examples = answerExamples(c, ctx, 8).accepted.map((e) => e.typed)
  const extra =
    c.answerType === 'regex'
      ? matchingPattern(c.pattern)
      : c.answerType === 'choice'
        ? c.choices.map((x) => x.trim()).filter(Boolean)
        : []
  return [...new Set([...examples, ...extra])].filter((t) => parseAnswer(t, c, ctx).ok)
}

/**
 * Answers the node refuses outright, the most telling first (empty, wrong kind, out of range). A soft refusal (an
 * email domain that looks mistyped) is left out: sent again, or on the last attempt, it is taken.
 */
export function invalidAnswers(c: QuestionConfig, ctx: AnswerContext): string[] {
  return remembered('invalid', c, ctx, () => workInvalid(c, ctx))
}

function workInvalid(c: QuestionConfig, ctx: AnswerContext): string[] {
  const refused = answerExamples(c, ctx, 8).refused.map((e) => e.typed)
  return [...new Set(['', ...refused, '?', 'zz zz'])].filter((t) => {
    const p = parseAnswer(t, c, ctx)
    return !p.ok && !p.soft
  })
}

const matches = new Map<string, string[]>()

/** A few strings matching the whole pattern (the node anchors it), from a fixed seed; worked out once per pattern. */
export function matchingPattern(pattern: string): string[] {
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
    // Features fast-check cannot generate from (back-references, look-arounds) leave only the parser's examples.
    return []
  }
}
