// V8's backtracking engine takes exponential time on some patterns: an answer pattern such as `(a+)+` or
// `(\w+\s?)*` against a customer's "aaaa…b" held `chatflow serve` 10 s at 27 characters, hours at 40. With this flag
// V8 moves a pattern that backtracks excessively to its linear-time engine, with the same result. That engine takes
// every pattern but those with back-references or look-arounds, which answer patterns may not use (validation and
// the Question node refuse them: shared/nodes/question/answers/pattern.ts). Imported first by every host (the CLI
// and `chatflow serve`, the browser host, the desktop app), before any pattern is compiled.
import v8 from 'node:v8'

export const LINEAR_REGEXP_FALLBACK = '--enable-experimental-regexp-engine-on-excessive-backtracks'

v8.setFlagsFromString(LINEAR_REGEXP_FALLBACK)
