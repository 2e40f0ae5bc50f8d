import type { Problem, Severity, ValidateContext } from './problem'

// Small builders that node definitions use to report config problems with the right pointers.

export function problem(
  ctx: ValidateContext,
  severity: Severity,
  code: string,
  message: string,
  field?: string,
): Problem {
  const p: Problem = { severity, code, message, nodeId: ctx.nodeId, pointer: ctx.configPointer + (field ?? '') }
  if (field !== undefined) p.field = field
  return p
}

export const error = (ctx: ValidateContext, code: string, message: string, field?: string) =>
  problem(ctx, 'error', code, message, field)
export const warning = (ctx: ValidateContext, code: string, message: string, field?: string) =>
  problem(ctx, 'warning', code, message, field)

/** Blank after trimming: a required field that holds only spaces is still missing. */
export const isBlank = (v: string | undefined | null) => v === undefined || v === null || v.trim() === ''

export function requireText(ctx: ValidateContext, field: string, value: string | undefined, label: string): Problem[] {
  return isBlank(value) ? [error(ctx, 'config.required', `${label} is required.`, field)] : []
}

/**
 * Channel length limit. Lengths count the text as written, placeholders included: the rendered length is unknown
 * offline, and counting what the author typed is the predictable rule. Counted in code points, as the channel does.
 */
export function maxLength(
  ctx: ValidateContext,
  field: string,
  value: string | undefined,
  max: number,
  label: string,
  note = '',
): Problem[] {
  const len = value ? [...value].length : 0
  if (len <= max) return []
  return [
    error(
      ctx,
      'limit.length',
      `${label} has ${len} characters; the channel allows at most ${max}.${note ? ' ' + note : ''}`,
      field,
    ),
  ]
}

/** Text that must fit `strict` (error) where another source allows up to `loose` (named in the message). */
export function maxLengthDisputed(
  ctx: ValidateContext,
  field: string,
  value: string | undefined,
  strict: number,
  loose: number,
  label: string,
): Problem[] {
  return maxLength(ctx, field, value, strict, label, `(One source allows ${loose}; older clients cut at ${strict}.)`)
}

export function duplicates(values: string[]): Set<string> {
  const seen = new Set<string>()
  const dup = new Set<string>()
  for (const v of values) (seen.has(v) ? dup : seen).add(v)
  return dup
}

/** Matches letters, digits and underscore, not starting with a digit: the rule for names and variables (docs/flow-format.md). */
export const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/
