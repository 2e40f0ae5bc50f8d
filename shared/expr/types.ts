// Public shapes of the expression language. Offsets are UTF-16 indices into the template text, end exclusive.

/** Session variables by root name (`customer_name`, `http_call_1`, …). */
export type Vars = Record<string, unknown>

export interface Diagnostic {
  severity: 'error' | 'warning'
  /** Stable identifier, e.g. 'unclosed-placeholder', 'unknown-function', 'not-a-number'. */
  code: string
  message: string
  start: number
  end: number
}

/** One variable read. start/end are the offsets of the path text (`a.b.0`) in the template. */
export interface VarRef {
  path: string[]
  start: number
  end: number
}

/** A template cut at its outer `{{ }}`; code.source is what is inside the outer braces. */
export type Chunk =
  | { kind: 'text'; text: string; start: number; end: number }
  | { kind: 'code'; source: string; start: number; end: number }
