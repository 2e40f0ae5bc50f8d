// Fixture table: template → diagnostics. Each expectation names the code, the severity and the exact characters the
// diagnostic underlines, so a shifted offset fails the test.
import { describe, expect, it } from 'vitest'
import { checkTemplate, lookupPath, MAX_DEPTH, MAX_TEMPLATE_LENGTH, renderTemplate } from './index'
import { MAX_PLACEHOLDERS } from './limits'

type Want = [code: string, underlined: string, severity?: 'error' | 'warning']

const table: [template: string, want: Want[]][] = [
  ['Hello {{name}}, {{ {{price}} * 1.18 }}', []],
  ['Hello {{name', [['unclosed-placeholder', '{{']]],
  ['ok {{a}} then {{ {{b}} + 1', [['unclosed-placeholder', '{{']]],
  ['{{}}', [['empty-placeholder', '{{}}']]],
  ['x {{   }} y', [['empty-placeholder', '{{   }}']]],
  ['{{price * 1.18}}', [['bare-name', 'price']]],
  ['{{ sum(price, {{tax}}) }}', [['bare-name', 'price']]],
  ['{{ {{a}} + order.items.0.price }}', [['bare-name', 'order.items.0.price']]],
  ['{{ order.total(1) }}', [['unknown-function', 'order.total']]],
  ['{{ foo(1) }}', [['unknown-function', 'foo']]],
  ['{{ toUppercase({{name}}) }}', [['unknown-function', 'toUppercase']]],
  ['{{ constructor(1) }}', [['unknown-function', 'constructor']]],
  ['{{ round(1, 2, 3) }}', [['arity', 'round(1, 2, 3)']]],
  ['{{ if({{a}}) }}', [['arity', 'if({{a}})']]],
  ['{{ abs() }}', [['arity', 'abs()']]],
  ['{{ sum() }}', [['arity', 'sum()']]],
  ["{{ abs('x') }}", [['wrong-kind', "'x'"]]],
  ["{{ abs('12') }}", []],
  ['{{ round(true) }}', [['wrong-kind', 'true']]],
  ["{{ 'abc' * 2 }}", [['wrong-kind', "'abc'"]]],
  ['{{ -null }}', [['wrong-kind', 'null']]],
  ['{{ {{a}} / 0 }}', [['division-by-zero', '0']]],
  ['{{ 1e400 * 0 }} {{ 1e-400 }}', [['number-too-large', '1e400']]],
  ['{{ {{a}} % 0 }}', [['division-by-zero', '0']]],
  ['{{ (1 + 2 }}', [['expected-paren', '}']]],
  ['{{ sum(1 2) }}', [['expected-comma', '2']]],
  ['{{ 1 + }}', [['unexpected-end', '}']]],
  ['{{ * 2 }}', [['unexpected-token', '*']]],
  ['{{ 1 2 }}', [['unexpected-token', '2']]],
  ['{{ hello world }}', [['unexpected-token', 'world']]],
  ['{{ {{a}} = 1 }}', [['unexpected-character', '=']]],
  ['{{ {{a}} & {{b}} }}', [['unexpected-character', '&']]],
  ['{{ {{a}} @ 1 }}', [['unexpected-character', '@']]],
  ["{{ 'abc }}", [['unclosed-string', "'abc "]]],
  ['{{ {{}} + 1 }}', [['bad-inner-placeholder', '{{}}']]],
  ['{{ {{a b}} + 1 }}', [['bad-inner-placeholder', '{{a b}}']]],
  ['{{ {{1abc}} + 1 }}', [['bad-inner-placeholder', '{{1abc}}']]],
  ['{{{a}}}', [['unexpected-character', '{']]],
  // several placeholders: each one reports at its own place
  [
    '{{ nope(1) }} and {{ x * 2 }}',
    [
      ['unknown-function', 'nope'],
      ['bare-name', 'x'],
    ],
  ],
  // unknown function and bare name inside one placeholder
  [
    '{{ nope(x) }}',
    [
      ['unknown-function', 'nope'],
      ['bare-name', 'x'],
    ],
  ],
  // offsets stay right after characters outside the BMP and across lines (UTF-16 offsets, as editors use)
  [
    '👋 Hi,\n{{ nope(1) }} é\n{{ x * 2 }}',
    [
      ['unknown-function', 'nope'],
      ['bare-name', 'x'],
    ],
  ],
  // a string cannot span lines, so a stray quote does not swallow the rest of the field
  ["{{ 'a\nb' }}", [['unclosed-string', "'a"]]],
  ['{{ {{a}} + 1 }} and {{b', [['unclosed-placeholder', '{{']]],
]

// What a person reads: the suggestion of the issue for a bare name, and the near name for a mistyped function.
describe('diagnostic messages', () => {
  it.each([
    ['{{{{price}} * 1.18}} {{ price * 1.18 }}', "'price' is not a function or keyword: did you mean {{price}}?"],
    ['{{ order.total + 1 }}', "'order.total' is not a function or keyword: did you mean {{order.total}}?"],
    ['{{ toUppercase({{x}}) }}', "unknown function 'toUppercase': did you mean toUpperCase?"],
    ['{{ Sum(1, 2) }}', "unknown function 'Sum': did you mean sum?"],
    ['{{ frobnicate(1) }}', "unknown function 'frobnicate'"],
    ['{{ round(1, 2, 3) }}', 'round takes 1 to 2 arguments, got 3: round(number, digits?)'],
    ['{{ abs(1, 2) }}', 'abs takes 1 argument, got 2: abs(number)'],
    ['{{ coalesce() }}', 'coalesce takes at least 1 argument, got 0: coalesce(value1, value2, …)'],
    ["{{ abs('x') }}", "abs expects a number, not the text 'x'"],
    ['Hi {{name', "'{{' is never closed: add '}}' after the variable or expression"],
    ['{{ {{a}} = 1 }}', "'=' alone is not an operator: write == to compare"],
  ])('%s', (template, message) => {
    expect(checkTemplate(template).map((d) => d.message)).toEqual([message])
  })
})

describe('checkTemplate fixture table', () => {
  it.each(table)('%s', (template, want) => {
    const got = checkTemplate(template).map((d) => [d.code, template.slice(d.start, d.end), d.severity])
    expect(got).toEqual(want.map(([c, u, s]) => [c, u, s ?? 'error']))
  })
})

describe('diagnostics with a resolver (unknown variables and sample-response paths)', () => {
  const known: Record<string, unknown> = { name: 'x', http_call_1: { status: 200, result: { id: 1 } } }
  const resolve = (path: string[]) => {
    if (!(path[0]! in known)) return 'unknown-root' as const
    let cur: unknown = known[path[0]!]
    for (let i = 1; i < path.length; i++) {
      if (cur === null || typeof cur !== 'object' || !(path[i]! in (cur as object))) return { unknownFrom: i }
      cur = (cur as Record<string, unknown>)[path[i]!]
    }
    return 'ok' as const
  }
  it.each([
    ['{{name}} {{http_call_1.result.id}}', []],
    ['Hi {{nmae}}', [['unknown-variable', 'nmae']]],
    ['{{ {{http_call_1.result.total}} * 2 }}', [['unknown-path', 'total']]],
    ['{{http_call_1.reslt.id.x}}', [['unknown-path', 'reslt.id.x']]],
    [
      '{{ nmae * 2 }} {{ {{nmae}} }}',
      [
        ['bare-name', 'nmae', 'error'],
        ['unknown-variable', 'nmae'],
      ],
    ],
  ] as [string, Want[]][])('%s', (template, want) => {
    const got = checkTemplate(template, { resolve }).map((d) => [d.code, template.slice(d.start, d.end), d.severity])
    expect(got).toEqual(want.map(([c, u, s]) => [c, u, s ?? 'warning']))
  })
})

describe('wrong-kind warnings from sample responses (sampleValue)', () => {
  const sample: Record<string, unknown> = {
    http_call_1: { result: { name: 'Kurta', price: '499.5', tags: ['a'], meta: { x: 1 }, ok: true, prices: [1, 2] } },
  }
  const sampleValue = (path: string[]) => lookupPath(sample, path)
  it.each([
    [
      '{{round({{http_call_1.result.price}})}} {{sum({{http_call_1.result.prices}})}} {{length({{http_call_1.result.tags}})}}',
      [],
    ],
    [
      '{{round({{http_call_1.result.name}})}}',
      [
        [
          'wrong-kind',
          '{{http_call_1.result.name}}',
          'round expects a number, but http_call_1.result.name is text in the sample response',
        ],
      ],
    ],
    [
      '{{toUpperCase({{http_call_1.result.meta}})}}',
      [
        [
          'wrong-kind',
          '{{http_call_1.result.meta}}',
          'toUpperCase expects text, but http_call_1.result.meta is an object in the sample response',
        ],
      ],
    ],
    [
      '{{ {{http_call_1.result.tags}} * 2 }}',
      [
        [
          'wrong-kind',
          '{{http_call_1.result.tags}}',
          "'*' expects a number, but http_call_1.result.tags is a list in the sample response",
        ],
      ],
    ],
    [
      '{{abs({{http_call_1.result.ok}})}} {{abs({{unknown}})}}',
      [
        [
          'wrong-kind',
          '{{http_call_1.result.ok}}',
          'abs expects a number, but http_call_1.result.ok is true/false in the sample response',
        ],
      ],
    ],
  ] as [string, [string, string, string][]][])('%s', (template, want) => {
    const got = checkTemplate(template, { sampleValue })
    expect(got.map((d) => [d.code, template.slice(d.start, d.end), d.message])).toEqual(want)
    expect(got.every((d) => d.severity === 'warning')).toBe(true)
  })
})

describe('safety limits give a clear error', () => {
  it('rejects a text longer than the limit', () => {
    const long = 'a'.repeat(MAX_TEMPLATE_LENGTH + 1)
    expect(checkTemplate(long).map((d) => d.code)).toEqual(['too-long'])
    expect(renderTemplate(long, {}).errors[0]?.code).toBe('too-long')
  })
  it('rejects a text with more placeholders than the limit before compiling any (issue 18: 40,000 took seconds)', () => {
    const many = '{{a}}'.repeat(40_000)
    expect(checkTemplate(many).map((d) => [d.code, d.message])).toEqual([
      ['too-many-placeholders', `the text has 40000 {{ }} placeholders; the limit is ${MAX_PLACEHOLDERS}`],
    ])
    expect(renderTemplate(many, { a: 1 })).toMatchObject({ text: '', errors: [{ code: 'too-many-placeholders' }] })
    expect(renderTemplate('{{a}}'.repeat(MAX_PLACEHOLDERS), { a: 1 }).text).toBe('1'.repeat(MAX_PLACEHOLDERS))
  })
  it('rejects parentheses nested deeper than the limit', () => {
    const deep = `{{${'('.repeat(MAX_DEPTH + 5)}1${')'.repeat(MAX_DEPTH + 5)}}}`
    expect(checkTemplate(deep).map((d) => d.code)).toEqual(['too-deep'])
    const ok = `{{${'('.repeat(50)}1${')'.repeat(50)}}}`
    expect(renderTemplate(ok, {}).text).toBe('1')
  })
  it('rejects operator chains and unary runs taller than the limit', () => {
    expect(
      checkTemplate(
        `{{ ${Array(MAX_DEPTH + 10)
          .fill('1')
          .join(' + ')} }}`,
      ).map((d) => d.code),
    ).toEqual(['too-deep'])
    expect(checkTemplate(`{{ ${'!'.repeat(MAX_DEPTH + 10)}true }}`).map((d) => d.code)).toEqual(['too-deep'])
    expect(
      checkTemplate(`{{ ${'abs('.repeat(MAX_DEPTH + 10)}1${')'.repeat(MAX_DEPTH + 10)} }}`).map((d) => d.code),
    ).toEqual(['too-deep'])
    expect(renderTemplate(`{{ ${Array(100).fill('1').join(' + ')} }}`, {}).text).toBe('100')
  })
  // A hang guard, not a speed test: each text takes under a second, a quadratic scan of 200 000 characters minutes,
  // past the test's own timeout, which is the guard (no text is timed, so a slow machine cannot fail it).
  it.each(["'", '"', '{{', '(', '\\', '{{a', "{{'"])(
    'does not hang on a maximal text made of %s',
    { timeout: 120_000 },
    (unit) => {
      const text = `{{${unit.repeat(Math.floor((MAX_TEMPLATE_LENGTH - 10) / unit.length))}}}`
      checkTemplate(text)
      renderTemplate(text, {})
    },
  )
  it('survives a very deep session value', () => {
    let deep: unknown = 1
    for (let i = 0; i < 100_000; i++) deep = [deep]
    const r = renderTemplate('[{{v}}]', { v: deep })
    expect(r.text).toBe('[]')
    expect(r.errors.map((e) => e.code)).toEqual(['too-deep'])
  })
})
