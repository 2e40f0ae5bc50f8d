// How a script effect reports a failed script: a stable code, a sentence, the place in the user's own code and
// the console lines written before it failed (they belong in the trace even then).
export type ScriptErrorCode =
  'script_syntax' | 'script_error' | 'script_timeout' | 'script_memory' | 'script_stack' | 'script_bad_return'

export class ScriptError extends Error {
  constructor(
    readonly code: ScriptErrorCode,
    message: string,
    /** 1-based line and column in the code the user wrote, when the engine knows them. */
    readonly line: number | null,
    readonly column: number | null,
    readonly logs: string[],
  ) {
    super(message)
  }

  /** The message with its place, as shown in the trace and the Test panel: "line 3, column 5: x is not defined". */
  describe(): string {
    if (this.line === null) return this.message
    return `line ${this.line}${this.column !== null ? `, column ${this.column}` : ''}: ${this.message}`
  }
}
