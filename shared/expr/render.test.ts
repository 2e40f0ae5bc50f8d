// Fixture table: template → rendered text, over FIXTURE_VARS. Covers every function, operator and keyword, and each
// semantic rule documented in docs/expressions.md.
import { describe, expect, it } from 'vitest'
import { renderTemplate } from './index'
import { FIXTURE_VARS } from './testing/fixtures'

const table: [template: string, expected: string][] = [
  // plain text, variables, paths
  ['no placeholders here', 'no placeholders here'],
  ['Hi {{customer_name}}!', 'Hi Asha!'],
  ['{{ customer_name }}', 'Asha'],
  ['{{Name}} {{name}}', 'Upper lower'],
  ['[{{missing}}]', '[]'],
  ['[{{missing.deep.path}}]', '[]'],
  ['{{http_call_1.status}}', '200'],
  ['{{http_call_1.result.order.id}}', 'ORD-1'],
  ['{{http_call_1.result.items.0.name}}', 'Kurta'],
  ['{{http_call_1.result.items.1.price}}', '120'],
  ['[{{http_call_1.result.items.5.name}}]', '[]'],
  ['{{http_call_1.result.content-type}}', 'json'],
  ['{{http_call_1.result.order}}', '{"id":"ORD-1","status":"shipped"}'],
  ['{{tags}}', '["VIP","new"]'],
  ['[{{nothing}}]', '[]'],
  ['{{flag}}', 'true'],
  // prototype members are never reachable
  ['[{{constructor}}]', '[]'],
  ['[{{__proto__.x}}]', '[]'],
  ['[{{toString}}]', '[]'],
  ['[{{customer_name.length}}]', '[]'],
  ['[{{tags.length}}] [{{http_call_1.result.items.length}}] [{{tags.01}}] {{tags.1}}', '[] [] [] new'],
  ['[{{ {{constructor}} }}]', '[]'],
  // literals and keywords
  ['{{\'single\'}} {{"double"}}', 'single double'],
  ["{{'it\\'s'}}", "it's"],
  ['{{true}} {{false}} [{{null}}]', 'true false []'],
  ['{{42}} {{3.50}} {{.5}} {{1e3}}', '42 3.5 0.5 1000'],
  // literal braces
  ['\\{{name}} is written as is', '{{name}} is written as is'],
  ["{{'{{'}}x}}", '{{x}}'],
  ["{{concat('}}', {{name}})}}", '}}lower'],
  // arithmetic, precedence, numeric strings, float noise
  ['{{{{price}} * 1.18}}', '118'],
  ['{{ {{price_text}} * 1.18 }}', '118'],
  ['{{ 0.1 + 0.2 }}', '0.3'],
  ['{{ 1 + 2 * 3 }}', '7'],
  ['{{ (1 + 2) * 3 }}', '9'],
  ['{{ 10 - 4 - 3 }}', '3'],
  ['{{ 2 * 3 % 4 }}', '2'],
  ['{{ 7 / 2 }}', '3.5'],
  // % works on the decimals as written: no binary noise that 15-digit rounding could not remove
  ['{{ 0.3 % 0.1 }} {{ 123456789.123 % 1 }} {{ 7.5 % 2 }} {{ -7 % 3 }} {{ 1.1 % 0.2 }}', '0 0.123 1.5 -1 0.1'],
  ['{{ 1 / 3 }}', '0.333333333333333'],
  ['{{ -{{qty}} }}', '-3'],
  ['{{ +{{qty}} + 1 }}', '4'],
  ['{{ - -2 }}', '2'],
  // precedence, loosest to tightest: || ; && ; == != === !== ; < > <= >= ; + - ; * / % ; unary ! - +
  ['{{ true || false && false }} {{ false && true || true }}', 'true true'],
  ['{{ 1 + 1 == 2 }} {{ 1 < 2 == 2 > 1 }} {{ 2 > 1 && 1 > 2 || 3 > 2 }}', 'true true true'],
  ['{{ 2 + 3 % 2 }} {{ 2 * 3 + 1 }} {{ 8 / 2 / 2 }} {{ 1 - 2 - 3 }}', '3 7 2 -4'],
  ['{{ !false && false }} {{ -{{qty}} + 5 }} {{ 2 - -1 }} {{ !(1 > 2) }}', 'false 2 3 true'],
  // nested placeholders: a variable in inner braces is the same read as the plain placeholder
  ['{{ {{customer_name}} }} {{{{customer_name}}}} {{ {{ http_call_1.result.items.1.name }} }}', 'Asha Asha Scarf'],
  // string escapes
  ['{{ "say \\"hi\\"" }} {{ \'a\\\\b\' }} {{ length(\'a\\tb\') }} {{ length("a\\nb") }}', 'say "hi" a\\b 3 3'],
  // + adds numbers (numeric text included), otherwise joins text
  ['{{ {{age}} + 1 }}', '22'],
  ["{{ '1' + '2' }}", '3'],
  ["{{ 'Order ' + {{http_call_1.result.order.id}} }}", 'Order ORD-1'],
  ['{{ {{word}} + 1 }}', 'abc1'],
  ["{{ {{missing}} + 'x' }}", 'x'],
  // comparison
  ['{{ {{age}} >= 18 }}', 'true'],
  ['{{ {{young}} >= 18 }}', 'false'],
  ['{{ {{age}} == 21 }} {{ {{age}} === 21 }} {{ {{age_num}} === 21 }}', 'true false true'],
  ['{{ {{age}} != 21 }} {{ {{age}} !== 21 }}', 'false true'],
  ["{{ '1.0' == 1 }}", 'true'],
  ["{{ '12345678901234567890' == '12345678901234567891' }} {{ '123456789012345' == 123456789012345 }}", 'false true'],
  ["{{ '4111111111111111' + 1 }} {{ '100000000000000000000' == 1e20 }}", '41111111111111111 true'],
  ["{{ {{blank}} == {{missing}} }} {{ {{missing}} == null }} {{ {{missing}} === '' }}", 'true true true'],
  ["{{ {{Name}} == 'upper' }}", 'false'],
  ["{{ 'apple' < 'banana' }} {{ 'B' < 'a' }}", 'true true'],
  ['{{ {{date_a}} < {{date_b}} }}', 'true'],
  ['{{ 9 < 10 }} {{ {{qty}} < 10 }}', 'true true'],
  ['{{ {{word}} > 5 }} {{ {{word}} < 5 }}', 'false false'],
  ['{{ {{missing}} < 5 }} {{ {{missing}} >= 0 }}', 'false false'],
  ['{{ 2 <= 2 }} {{ 3 > 2 }} {{ 1 > 2 }}', 'true true false'],
  // logical, truthiness
  ['{{ true && false }} {{ true || false }} {{ !true }}', 'false true false'],
  ["{{ {{age}} >= 18 && {{customer_name}} == 'Asha' }}", 'true'],
  [
    '{{ !{{blank}} }} {{ !{{spaces}} }} {{ !{{zero}} }} {{ !{{no}} }} {{ !{{missing}} }} {{ !{{empty_list}} }}',
    'true true true true true true',
  ],
  ['{{ !{{word}} }} {{ !{{tags}} }} {{ !{{flag}} }} {{ !-1 }}', 'false false false false'],
  ['{{ {{word}} || 0 }}', 'true'],
  // math functions
  ['{{sum({{price}}, {{tax}})}}', '118'],
  ['{{sum({{prices}})}}', '60.5'],
  ['{{sum({{missing}}, 2)}}', '2'],
  ['{{avg(4, 5, 9)}} {{avg({{prices}}, 2.5)}} {{avg(1e308, 1e308)}}', '6 15.75 1e+308'],
  ['{{min({{price}}, 200)}} {{max({{price}}, 200)}} {{min({{prices}})}} {{max({{prices}})}}', '100 200 10 30.5'],
  ['{{round(2.5)}} {{round(-2.5)}} {{round(2.345, 2)}} {{round(1.005, 2)}} {{round(1234, -2)}}', '3 -3 2.35 1.01 1200'],
  ['{{floor(4.8)}} {{floor(-4.2)}} {{ceil(4.2)}} {{ceil(-4.8)}} {{abs(-7)}} {{abs({{qty}})}}', '4 -5 5 -4 7 3'],
  ['{{round({{price}} * {{qty}} * 1.18)}}', '354'],
  // string functions
  ["{{concat({{customer_name}}, ' ', 42, {{missing}})}}", 'Asha 42'],
  ['{{concat({{tags}})}}', '["VIP","new"]'],
  ['{{toUpperCase(trim({{padded}}))}} {{toLowerCase({{Name}})}}', 'RAVI KUMAR upper'],
  ['[{{trim({{missing}})}}] {{toUpperCase(12)}}', '[] 12'],
  [
    '{{length({{customer_name}})}} {{length({{tags}})}} {{length({{missing}})}} {{length({{emoji}})}} {{length(1234)}}',
    '4 2 0 4 4',
  ],
  // Grapheme clusters: a skin tone, a family joined by ZWJ, a flag and a combining accent are one character each.
  ["{{length('👍🏽')}} {{length('👨‍👩‍👧')}} {{length('🇮🇳')}} {{length('e\u0301')}} {{length('Zoë 👋🏽')}}", '1 1 1 1 5'],
  // conditional functions
  ["{{if({{age}} >= 18, 'Adult', 'Minor')}} {{if({{young}} >= 18, 'Adult', 'Minor')}}", 'Adult Minor'],
  ["[{{if(false, 'x')}}]", '[]'],
  ["{{if({{zero}} != 0, 10 / {{zero}}, 'no division')}}", 'no division'],
  [
    "{{ifEmpty({{blank}}, 'none')}} {{ifEmpty({{spaces}}, 'none')}} {{ifEmpty({{word}}, 'none')}} {{ifEmpty({{empty_list}}, 'none')}}",
    'none none abc none',
  ],
  ["{{coalesce({{missing}}, {{blank}}, {{customer_name}}, 'there')}} [{{coalesce({{missing}})}}]", 'Asha []'],
]

describe('renderTemplate fixture table', () => {
  it.each(table)('%s → %s', (template, expected) => {
    const r = renderTemplate(template, FIXTURE_VARS)
    expect(r.errors).toEqual([])
    expect(r.text).toBe(expected)
  })
})

// Runtime errors: the placeholder renders empty, the rest of the text still renders, the error is returned with
// the span of the failing part.
const failing: [template: string, code: string, failingText: string][] = [
  ['a[{{ {{word}} * 2 }}]b', 'not-a-number', '{{word}}'],
  ['a[{{ {{price}} / {{zero}} }}]b', 'division-by-zero', '{{zero}}'],
  ['a[{{ {{price}} % ({{qty}} - 3) }}]b', 'division-by-zero', '({{qty}} - 3)'.slice(1, -1)],
  ['a[{{ 1e308 * 10 }}]b', 'number-too-large', '1e308 * 10'],
  ['a[{{sum(1e308, 1e308)}}]b', 'number-too-large', 'sum(1e308, 1e308)'],
  ['a[{{round({{word}})}}]b', 'wrong-kind', 'round({{word}})'],
  ['a[{{toUpperCase({{tags}})}}]b', 'wrong-kind', 'toUpperCase({{tags}})'],
  ['a[{{length({{http_call_1.result}})}}]b', 'wrong-kind', 'length({{http_call_1.result}})'],
  ['a[{{avg({{missing}}, {{blank}})}}]b', 'no-values', 'avg({{missing}}, {{blank}})'],
  ['a[{{sum({{tags}})}}]b', 'wrong-kind', 'sum({{tags}})'],
  ['a[{{round(2, 0.5)}}]b', 'wrong-kind', 'round(2, 0.5)'],
  ['a[{{ -{{word}} }}]b', 'not-a-number', '{{word}}'],
  ['a[{{ {{missing}} * 2 }}]b', 'not-a-number', '{{missing}}'],
]

describe('long lists', () => {
  it('min, max, sum and length take a list of half a million numbers', () => {
    const l = Array.from({ length: 500_000 }, (_, i) => (i % 7) - 3)
    expect(renderTemplate('{{min({{l}})}} {{max({{l}})}} {{sum({{l}}, 1)}} {{length({{l}})}}', { l })).toEqual({
      text: '-3 3 -5 500000',
      errors: [],
    })
  })
})

describe('runtime errors render empty and are reported', () => {
  it.each(failing)('%s', (template, code, failingText) => {
    const r = renderTemplate(template, FIXTURE_VARS)
    expect(r.text).toBe('a[]b')
    expect(r.errors).toHaveLength(1)
    const e = r.errors[0]!
    expect(e.code).toBe(code)
    expect(e.severity).toBe('error')
    expect(template.slice(e.start, e.end)).toBe(failingText)
    expect(e.message.length).toBeGreaterThan(10)
  })
})
