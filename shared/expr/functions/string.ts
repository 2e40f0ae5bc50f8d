// Text functions. Numbers and true/false are accepted as their text; objects and lists are not (except concat,
// which writes them as JSON, and length, which counts list items).
import type { Evaluator, FunctionDef } from './types'
import { ExprError } from '../errors'
import { describeValue, display } from '../values'

// Made on first use: constructing a segmenter loads the engine's break rules, about 12 ms of the studio's start
// (docs/canvas.md, "Scale"), for a function few flows call.
let graphemes: Intl.Segmenter | undefined
const segmenter = () => (graphemes ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' }))

function toText(v: unknown, fn: string): string {
  if (v !== null && typeof v === 'object')
    throw new ExprError('wrong-kind', `${fn} expects text, got ${describeValue(v)}`)
  return display(v)
}

/** A function of one text argument, called directly when it is text; other values take the general call. */
function ofText(
  args: readonly Evaluator[],
  apply: (values: unknown[]) => unknown,
  f: (t: string) => string,
): Evaluator {
  const x = args[0]!
  return (v) => {
    const a = x(v)
    return typeof a === 'string' ? f(a) : apply([a])
  }
}

export const STRING_FUNCTIONS: FunctionDef[] = [
  {
    name: 'concat',
    category: 'string',
    signature: 'concat(text1, text2, …)',
    minArgs: 1,
    maxArgs: null,
    argKinds: ['any'],
    description: 'Joins values into one text (lists and objects as JSON); unset values and null add nothing.',
    example: "{{concat({{first}}, ' ', {{last}})}} → Asha Verma",
    call: (a) => a.map(display).join(''),
    // Joined with + for up to four arguments: no array, no join.
    specialise: (args) => {
      const [w, x, y, z] = args as [Evaluator, Evaluator, Evaluator, Evaluator]
      switch (args.length) {
        case 1:
          return (v) => display(w(v))
        case 2:
          return (v) => display(w(v)) + display(x(v))
        case 3:
          return (v) => display(w(v)) + display(x(v)) + display(y(v))
        case 4:
          return (v) => display(w(v)) + display(x(v)) + display(y(v)) + display(z(v))
      }
      return undefined
    },
  },
  {
    name: 'toUpperCase',
    category: 'string',
    signature: 'toUpperCase(text)',
    minArgs: 1,
    maxArgs: 1,
    argKinds: ['text'],
    description: 'The text in capital letters.',
    example: "{{toUpperCase('order shipped')}} → ORDER SHIPPED",
    call: (a) => toText(a[0], 'toUpperCase').toUpperCase(),
    specialise: (args, apply) => ofText(args, apply, (t) => t.toUpperCase()),
  },
  {
    name: 'toLowerCase',
    category: 'string',
    signature: 'toLowerCase(text)',
    minArgs: 1,
    maxArgs: 1,
    argKinds: ['text'],
    description: 'The text in small letters; useful to compare answers without caring about case.',
    example: "{{toLowerCase('YES')}} → yes",
    call: (a) => toText(a[0], 'toLowerCase').toLowerCase(),
    specialise: (args, apply) => ofText(args, apply, (t) => t.toLowerCase()),
  },
  {
    name: 'trim',
    category: 'string',
    signature: 'trim(text)',
    minArgs: 1,
    maxArgs: 1,
    argKinds: ['text'],
    description: 'The text without spaces and line breaks at its start and end.',
    example: "{{trim('  ravi  ')}} → ravi",
    call: (a) => toText(a[0], 'trim').trim(),
    specialise: (args, apply) => ofText(args, apply, (t) => t.trim()),
  },
  {
    name: 'length',
    category: 'string',
    signature: 'length(textOrList)',
    minArgs: 1,
    maxArgs: 1,
    argKinds: ['any'],
    description:
      'Number of characters of a text as a person counts them (an emoji is one), or of items of a list; 0 when empty.',
    example: "{{length('Pune')}} → 4",
    call: (a) => {
      const v = a[0]
      if (Array.isArray(v)) return v.length
      if (v !== null && typeof v === 'object')
        throw new ExprError('wrong-kind', `length expects text or a list, got ${describeValue(v)}`)
      // What a person sees as one character (a grapheme cluster): 👍🏽, 👨‍👩‍👧 and 🇮🇳 are one each, as é written as
      // e + a combining accent is.
      let n = 0
      for (const _ of segmenter().segment(display(v))) n++
      return n
    },
  },
]
