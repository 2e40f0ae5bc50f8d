import type { Vars } from '../types'

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
  /** Eager functions receive their evaluated arguments. */
  call?(args: unknown[]): unknown
  /** Lazy functions evaluate only the arguments they need (if, ifEmpty, coalesce): args[i](vars) evaluates one. */
  callLazy?(args: readonly ((vars: Vars) => unknown)[], vars: Vars): unknown
}
