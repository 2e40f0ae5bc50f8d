// Where strict JSON text goes wrong, for a one-line message with line and column. V8 names the position for some
// errors ("… at position 12") but only quotes the text around it for others ("Unexpected token 'x', …"), and that
// quote may span lines; so the position is found here by reading the text the way JSON.parse does.

const WS = new Set([' ', '\t', '\n', '\r'])
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y
const ESCAPE = /\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})/y

/** Index of the first character that makes `text` invalid JSON, or null when it parses. */
export function jsonErrorIndex(text: string): number | null {
  let i = 0
  const skip = () => {
    while (i < text.length && WS.has(text[i]!)) i++
  }
  const fail = (at: number): never => {
    throw new JsonStop(at)
  }
  const literal = (word: string) => {
    for (let k = 0; k < word.length; k++) if (text[i + k] !== word[k]) fail(i + k)
    i += word.length
  }
  const string = () => {
    i++ // opening quote
    for (;;) {
      if (i >= text.length) fail(i)
      const ch = text[i]!
      if (ch === '"') return void i++
      if (ch === '\\') {
        ESCAPE.lastIndex = i
        if (!ESCAPE.test(text)) fail(i)
        i = ESCAPE.lastIndex
      } else if (ch < ' ') fail(i)
      else i++
    }
  }
  // Containers are walked with an explicit stack, so deeply nested text cannot overflow the call stack.
  const value = () => {
    const stack: ('{' | '[')[] = []
    for (;;) {
      skip()
      const ch = text[i]
      if (ch === '{' || ch === '[') {
        i++
        skip()
        if (text[i] === (ch === '{' ? '}' : ']')) i++
        else {
          stack.push(ch)
          if (ch === '{') key()
          continue
        }
      } else if (ch === '"') string()
      else if (ch === 't') literal('true')
      else if (ch === 'f') literal('false')
      else if (ch === 'n') literal('null')
      else {
        NUMBER.lastIndex = i
        if (!NUMBER.test(text) || NUMBER.lastIndex === i) fail(i)
        i = NUMBER.lastIndex
      }
      // After a value: close containers or go on to the next member.
      for (;;) {
        const top = stack[stack.length - 1]
        if (!top) return
        skip()
        if (text[i] === ',') {
          i++
          if (top === '{') key()
          break
        }
        if (text[i] === (top === '{' ? '}' : ']')) {
          i++
          stack.pop()
          continue
        }
        fail(i)
      }
    }
  }
  const key = () => {
    skip()
    if (text[i] !== '"') fail(i)
    string()
    skip()
    if (text[i] !== ':') fail(i)
    i++
  }
  try {
    value()
    skip()
    return i < text.length ? i : null
  } catch (e) {
    if (e instanceof JsonStop) return e.at
    throw e
  }
}

class JsonStop {
  constructor(readonly at: number) {}
}

/** 1-based line and column of an index, counting lines by \n. */
export function lineColumn(text: string, at: number): { line: number; column: number } {
  const before = text.slice(0, at)
  return { line: before.split('\n').length, column: before.length - before.lastIndexOf('\n') }
}
