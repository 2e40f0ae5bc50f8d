// The depth guard on YAML text (conversation tests: files, bundles, the emulator's saved tests), before it is parsed.
// The YAML parser recurses on flow collections (`[[[…]]]`, `{a: {a: …}}`): 200,000 levels in a 400 KB test took 6 s
// to end in "Maximum call stack size exceeded". Block nesting needs indentation that grows with every level, so only
// flow collections can go deep in a file of bounded size; this counts them outside quotes and comments. A block
// scalar (`|`, `>`) with unbalanced brackets is counted too, which can only refuse a text far deeper than any test.

/** Flow nesting beyond this is refused unparsed; what parses is then held to the JSON guard's 64 levels. */
export const YAML_TEXT_MAX_DEPTH = 1000

/** Line and column (1-based) of the bracket that opens level maxDepth + 1, or null. */
export function yamlFlowDepthExceeded(
  text: string,
  maxDepth: number = YAML_TEXT_MAX_DEPTH,
): { line: number; column: number } | null {
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!
    const tokenStart = i === 0 || /[\s[{,]/.test(text[i - 1]!)
    if (c === '#' && (i === 0 || /\s/.test(text[i - 1]!))) {
      const end = text.indexOf('\n', i)
      i = (end < 0 ? text.length : end) - 1
    } else if ((c === '"' || c === "'") && tokenStart) {
      i = quoteEnd(text, i, c)
    } else if (c === '[' || c === '{') {
      if (++depth > maxDepth) return lineColumnAt(text, i)
    } else if ((c === ']' || c === '}') && depth > 0) depth--
  }
  return null
}

function lineColumnAt(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at)
  const lineStart = before.lastIndexOf('\n') + 1
  return { line: before.split('\n').length, column: at - lineStart + 1 }
}

/** Index of the quote closing the scalar opened at `open` ('' escapes a single quote, \ a double one), or the end. */
function quoteEnd(text: string, open: number, quote: string): number {
  for (let i = open + 1; i < text.length; i++) {
    if (quote === '"' && text[i] === '\\') i++
    else if (text[i] === quote) {
      if (quote === "'" && text[i + 1] === "'") i++
      else return i
    }
  }
  return text.length
}
