// The closure compiler specialises paths, constants, operators with a constant side and functions by their number
// of arguments. Its values and errors must be exactly those of the plain rules: checked against a tree-walking
// reference (testing/reference.ts) on generated expressions and sessions, raw values and rendered text alike.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { compileTemplate } from './template'
import { parseCode } from './parser'
import { checkExpr } from './semantics'
import { ExprError } from './errors'
import { referenceEval } from './testing/reference'
import { cleanNumber, display } from './values'
import type { Diagnostic, Vars } from './types'

const VAR_NAMES = ['a', 'b', 'o.x', 'o.l.0', 'o.l.1', 'l.0', 'l.length', 'n.o.x.y', 'n.o.x.y.z', 'missing', 'toString']

const atom = fc.oneof(
  fc.constantFrom(...VAR_NAMES).map((p) => `{{${p}}}`),
  fc.constantFrom(
    '0',
    '1',
    '18',
    '1.18',
    '0.1',
    '0.2',
    '2.5',
    '-3',
    '1e308',
    "'IN'",
    "'18'",
    "' 2.5 '",
    "''",
    "' '",
    "'abc'",
    "'false'",
    'true',
    'false',
    'null',
  ),
)

const FUNCS = ['sum', 'avg', 'min', 'max', 'round', 'floor', 'ceil', 'abs', 'concat', 'toUpperCase', 'toLowerCase']
const MORE = ['trim', 'length', 'if', 'ifEmpty', 'coalesce']
const OPS = ['||', '&&', '==', '!=', '===', '!==', '<', '>', '<=', '>=', '+', '-', '*', '/', '%']

const expr: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
  e: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    atom,
    fc.tuple(tie('e'), fc.constantFrom(...OPS), tie('e')).map(([l, op, r]) => `(${l} ${op} ${r})`),
    fc.tuple(fc.constantFrom('!', '-', '+'), tie('e')).map(([op, x]) => `${op}${x}`),
    fc
      .tuple(fc.constantFrom(...FUNCS, ...MORE), fc.array(tie('e'), { minLength: 1, maxLength: 4 }))
      .map(([f, args]) => `${f}(${args.join(', ')})`),
  ),
})).e

const value = fc.oneof(
  fc.double({ noNaN: true }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(0, -0, 18, 250, 45.5, 0.1, 1e308, -1e308, Infinity, NaN),
  fc.constantFrom('18', ' 2.5 ', '', '   ', 'abc', 'IN', 'FALSE', '0', '1e3', '12345678901234567890', 'Asha'),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constantFrom([], [1, '2', ''], { x: 1 }, {}),
)

const session = fc.record({
  a: value,
  b: value,
  o: fc.record({ x: value, l: fc.array(value, { maxLength: 3 }) }),
  l: fc.array(value, { maxLength: 3 }),
  n: fc.record({ o: fc.record({ x: fc.record({ y: value }) }) }),
})

type Outcome = { value: unknown } | { error: Diagnostic }

function reference(source: string, vars: Vars): Outcome | undefined {
  const parsed = parseCode(source, 2)
  const diags = parsed.diagnostics.slice()
  if (diags.length === 0) checkExpr(parsed.expr, diags)
  if (diags.some((d) => d.severity === 'error')) return undefined // broken before running: not the compiler's concern
  try {
    return { value: referenceEval(parsed.expr, vars) }
  } catch (err) {
    if (!(err instanceof ExprError)) throw err
    return { error: { severity: 'error', code: err.code, message: err.message, start: err.start, end: err.end } }
  }
}

describe('closure compiler against the plain rules', () => {
  it('gives the same value or the same error on generated expressions and sessions', () => {
    fc.assert(
      fc.property(expr, session, (source, vars) => {
        const want = reference(source, vars)
        if (!want) return
        const t = compileTemplate(`{{${source}}}`)
        const got = t.evaluate(vars)
        const text = t.render(vars)
        if ('error' in want) {
          expect(got.errors).toEqual([want.error])
          expect(text).toEqual({ text: '', errors: [want.error] })
        } else {
          const v = want.value
          expect(got.errors).toEqual([])
          expect(got.value).toStrictEqual(
            v === undefined || v === null ? '' : typeof v === 'number' ? cleanNumber(v) : v,
          )
          expect(text).toEqual({ text: display(v), errors: [] })
        }
      }),
      { numRuns: 3000 },
    )
  })

  // Every specialised shape (an operator with a constant or variable side, each function with 1 to 4 arguments)
  // over every pair of a list of awkward values: exhaustive where the generated cases above are a sample.
  it('gives the same value or error for every specialised shape over awkward values', () => {
    const values: unknown[] = [
      0,
      -0,
      1,
      18,
      250,
      45.5,
      0.1 + 0.2,
      17.999999999999996,
      18.000000000000004,
      0.1,
      0.2,
      -2.5,
      1e308,
      -1e308,
      5e-324,
      Infinity,
      NaN,
      '18',
      ' 18 ',
      '18.0',
      '0',
      '',
      '  ',
      'IN',
      ' IN',
      'in',
      'abc',
      'false',
      '1e3',
      '12345678901234567890',
      true,
      false,
      null,
      undefined,
      [],
      [1, '2', ''],
      [' '],
      {},
      { x: 1 },
      7n,
    ]
    const consts = ['0', '18', '0.3', '2.5', "'18'", "'IN'", "''", "' '", 'true', 'null', '1e308']
    const shapes: string[] = []
    for (const op of OPS)
      shapes.push(`{{a}} ${op} {{b}}`, ...consts.flatMap((c) => [`{{a}} ${op} ${c}`, `${c} ${op} {{a}}`]))
    for (const f of [...FUNCS, ...MORE])
      shapes.push(`${f}({{a}})`, `${f}({{a}}, {{b}})`, `${f}({{a}}, {{b}}, {{a}})`, `${f}({{b}}, {{a}}, {{b}}, {{a}})`)
    shapes.push('!{{a}}', '-{{a}}', '+{{a}}', '!({{a}} == 18)', '({{a}} > 1) && ({{b}} < 1)', '({{a}} > 1) || {{b}}')
    for (const source of shapes)
      for (const a of values)
        for (const b of values) {
          const vars = { a, b }
          const want = reference(source, vars)
          if (!want) continue
          const got = compileTemplate(`{{${source}}}`).evaluate(vars)
          const expected =
            'error' in want
              ? { value: '', errors: [want.error] }
              : {
                  value:
                    want.value === undefined || want.value === null
                      ? ''
                      : typeof want.value === 'number'
                        ? cleanNumber(want.value)
                        : want.value,
                  errors: [],
                }
          if (!Object.is(got.value, expected.value) || JSON.stringify(got.errors) !== JSON.stringify(expected.errors))
            expect({ source, a, b, got }).toEqual({ source, a, b, got: expected })
        }
  })

  it('folds constant subtrees to their value and leaves failing ones to fail when they run', () => {
    expect(compileTemplate('{{ 2 * 3 + 1 }}').evaluate({}).value).toBe(7)
    expect(compileTemplate("{{ concat('a', 1 + 1) }}").evaluate({}).value).toBe('a2')
    const overflow = compileTemplate('{{ 1e308 * 10 }}')
    expect(overflow.diagnostics).toEqual([])
    expect(overflow.render({}).errors.map((e) => e.code)).toEqual(['number-too-large'])
  })

  it('reads paths of every length from their own properties only', () => {
    const vars = { a: { b: { c: { d: { e: 5 } } } }, l: [{ x: 1 }] }
    expect(compileTemplate('{{a.b.c.d.e}} {{a.b.c.d}} {{l.0.x}} {{l.length}} {{a.b.toString}}').render(vars).text).toBe(
      '5 {"e":5} 1  ',
    )
  })

  // Each later segment is an item step (a number: lists and objects) or a field step (objects only), decided when
  // compiled; both read own properties of objects only, at every path length the readers specialise (2 to 4).
  it('steps into lists only by item numbers and never into text, numbers or null', () => {
    const list = Object.assign([{ k: 'first' }, 'two'], { extra: 'own but not an item' })
    const vars = { l: list, o: { '0': 'zero', k: null, s: 'abc', n: 7 }, d: { l: list, o: { s: 'abc' } } }
    const render = (t: string) => compileTemplate(t).render(vars).text
    expect(render('[{{l.1}}|{{l.0.k}}|{{d.l.0.k}}|{{d.l.1}}]')).toBe('[two|first|first|two]')
    expect(render('[{{l.length}}|{{l.extra}}|{{d.l.length}}|{{d.l.extra}}|{{d.l.0.length}}]')).toBe('[||||]')
    expect(render('[{{o.0}}|{{o.k.x}}|{{o.s.0}}|{{o.s.length}}|{{o.n.0}}|{{d.o.s.0}}|{{d.o.s.length}}]')).toBe(
      '[zero||||||]',
    )
    expect(render('[{{o.constructor}}|{{d.o.toString}}|{{l.0.constructor}}|{{d.l.2}}|{{d.x.y.z}}]')).toBe('[||||]')
  })

  // Later steps read a field of an object through the key's own reader (slots.ts): an object whose prototype is not
  // Object.prototype, or a field named like one of Object.prototype's, still gives its own properties only.
  it('steps into nested objects by own properties whatever their prototype', () => {
    class Order {
      id = 'ORD-1'
      get status(): string {
        return 'from the class'
      }
    }
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { id: 'bare', toString: 'own' })
    const vars = { a: { o: new Order(), b: bare, c: Object.create({ id: 'inherited' }) as object } }
    const render = (t: string) => compileTemplate(t).render(vars).text
    expect(render('[{{a.o.id}}|{{a.o.status}}|{{a.b.id}}|{{a.b.toString}}|{{a.c.id}}|{{a.o.constructor}}]')).toBe(
      '[ORD-1||bare|own||]',
    )
    expect(render('[{{a.b.id.x}}|{{x.a.b.id}}|{{a.o.id.0}}]')).toBe('[||]')
  })
})
