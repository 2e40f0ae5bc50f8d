import type { Vars } from '../types'

/** A compiled expression: its value for a session's variables. */
export type Evaluator = (vars: Vars) => unknown

export interface FunctionDoc {
  name: string
  category: 'math' | 'string' | 'conditional'
  signature: string
  description: string
  example: string
  minArgs: number
  /** null: any number of arguments. */
  maxArgs: number | null
}

/** The kind of value an argument must be; literals of another kind are reported before the flow runs. */
export type ArgKind = 'number' | 'text' | 'any'

export interface FunctionDef extends FunctionDoc {
  /** Kind of each argument; the last one repeats for variadic functions. */
  argKinds: readonly ArgKind[]
  /** Eager functions receive their evaluated arguments: every case and every error of the function. */
  call?(args: unknown[]): unknown
  /**
   * An eager function's closure for a call with these compiled arguments (chosen by their number), that computes
   * the common cases directly, with no argument array, and hands the others to `apply` (the general call, on the
   * values it has evaluated). Its results must be exactly call's. Undefined: the general call serves.
   */
  specialise?(args: readonly Evaluator[], apply: (values: unknown[]) => unknown): Evaluator | undefined
  /**
   * Lazy functions (if, ifEmpty, coalesce) compile a call to a closure that evaluates only the arguments it needs:
   * args[i](vars) evaluates one. They raise no error of their own.
   */
  compileLazy?(args: readonly Evaluator[]): Evaluator
}
