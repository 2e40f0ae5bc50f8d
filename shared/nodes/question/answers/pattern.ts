// Which answer patterns a Question may use. The hosts let V8 fall back to its linear-time engine when a pattern
// backtracks excessively (electron/regexp-safety.ts), so no pattern takes exponential time on a customer's answer;
// that engine cannot run back-references or look-arounds, so those are refused here, in the editor and at run time.

const LINEAR_ONLY = /\\[1-9]|\\k<|\(\?<?[=!]/

/** Why `pattern` cannot check answers, or null. */
export function answerPatternProblem(pattern: string): string | null {
  try {
    new RegExp(pattern)
  } catch {
    return `'${pattern}' is not a valid regular expression.`
  }
  if (LINEAR_ONLY.test(pattern))
    return `'${pattern}' uses a back-reference or a look-around: an answer pattern may not (on some answers they take exponential time); write it without them.`
  return null
}
