// The function registry. A Map, not an object, so `constructor(...)` or `__proto__(...)` are simply unknown.
import type { FunctionDef, FunctionDoc } from './types'
import { MATH_FUNCTIONS } from './math'
import { STRING_FUNCTIONS } from './string'
import { CONDITIONAL_FUNCTIONS } from './conditional'

export type { FunctionDoc, FunctionDef, ArgKind } from './types'

export const FUNCTIONS: ReadonlyMap<string, FunctionDef> = new Map(
  [...MATH_FUNCTIONS, ...STRING_FUNCTIONS, ...CONDITIONAL_FUNCTIONS].map((f) => [f.name, f]),
)

/** Signature, description and example of every function, for completion and the Expression Builder. */
export const FUNCTION_DOCS: readonly FunctionDoc[] = [...FUNCTIONS.values()].map(
  ({ name, category, signature, description, example, minArgs, maxArgs }) => ({
    name,
    category,
    signature,
    description,
    example,
    minArgs,
    maxArgs,
  }),
)
