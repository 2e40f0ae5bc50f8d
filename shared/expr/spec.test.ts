// Every example of the spec (../shared/spec/flow-service.md) that touches the expression language, quoted beside the
// template that realises it: "Expression and condition syntax", "Session", "Sources of variables", "System
// variables", "Last interaction variables", "Node output shapes", "Sample response" and "Errors".
import { describe, expect, it } from 'vitest'
import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import {
  checkTemplate,
  CONDITION_OPERATORS,
  evaluateRules,
  FUNCTION_DOCS,
  OPERATOR_LABELS,
  renameRoot,
  renderTemplate,
  splitTemplate,
  type ConditionRule,
  type Vars,
} from './index'
import { formatJson, parseRelaxedJson } from './json'

// A session holding every variable the spec names, shaped as the spec says each source saves it.
const session: Vars = {
  name: 'Asha',
  Name: 'ASHA',
  price: '100',
  tax: '18',
  age: '21',
  node: { field: { subfield: 'deep' } },
  customer_name: 'Asha Verma',
  customer_phone: '+919800000001',
  initial_message: 'hi',
  chat_message_id: 'wamid.A1',
  _last_button_payload: 'SIZE_M',
  _last_button_text: 'Medium',
  _last_row_payload: 'ROW_2',
  _last_row_text: 'Blue',
  _last_template_button_clicked: 'TRACK',
  order: { catalog_id: 'CAT-9' },
  trigger_1: { ad: { headline: 'Winter sale' } },
  city: 'Pune',
  http_call_1: { status: 200, result: { total: 885 } },
  lead_name: 'Ravi',
  lead_email: 'ravi@example.com',
  lead_companyName: 'Acme',
  script_1: { discount: 15 },
  node_name: { field: 'leaf' },
  button_id: 'yes_btn',
  row_id: 'row_3',
  delivery_slot: 'morning',
  coupon: 'WINTER',
}

type Row = [section: string, quote: string, template: string, expected: string]

const table: Row[] = [
  ['Expression and condition syntax', 'Placeholders: {{name}}', '{{name}}', 'Asha'],
  ['Expression and condition syntax', 'nested {{node.field.subfield}}', '{{node.field.subfield}}', 'deep'],
  ['Expression and condition syntax', 'for example {{{{price}} * 1.18}}', '{{{{price}} * 1.18}}', '118'],
  ['Expression and condition syntax', '{{sum({{price}}, {{tax}})}}', '{{sum({{price}}, {{tax}})}}', '118'],
  [
    'Expression and condition syntax',
    "{{if({{age}} >= 18, 'Adult', 'Minor')}}",
    "{{if({{age}} >= 18, 'Adult', 'Minor')}}",
    'Adult',
  ],
  [
    'Expression and condition syntax',
    'Math: sum, avg, min, max',
    '{{sum(1, 2)}} {{avg(1, 2)}} {{min(1, 2)}} {{max(1, 2)}}',
    '3 1.5 1 2',
  ],
  [
    'Expression and condition syntax',
    'Math: round, floor, ceil, abs',
    '{{round(1.5)}} {{floor(1.5)}} {{ceil(1.5)}} {{abs(-1.5)}}',
    '2 1 2 1.5',
  ],
  [
    'Expression and condition syntax',
    'String: concat, toUpperCase, toLowerCase',
    "{{concat('a', 'b')}} {{toUpperCase('a')}} {{toLowerCase('B')}}",
    'ab A b',
  ],
  ['Expression and condition syntax', 'String: trim, length', "[{{trim('  a ')}}] {{length('abc')}}", '[a] 3'],
  [
    'Expression and condition syntax',
    'Conditional: if, ifEmpty, coalesce',
    "{{if(true, 'y', 'n')}} {{ifEmpty('', 'e')}} {{coalesce('', 'c')}}",
    'y e c',
  ],
  [
    'Expression and condition syntax',
    'Arithmetic: +, -, *, /, %',
    '{{ 7 + 2 }} {{ 7 - 2 }} {{ 7 * 2 }} {{ 7 / 2 }} {{ 7 % 2 }}',
    '9 5 14 3.5 1',
  ],
  [
    'Expression and condition syntax',
    'Comparison: ==, !=, >, <, >=, <=',
    '{{ 2 == 2 }} {{ 2 != 2 }} {{ 2 > 1 }} {{ 2 < 1 }} {{ 2 >= 2 }} {{ 2 <= 1 }}',
    'true false true false true false',
  ],
  [
    'Expression and condition syntax',
    'the syntax guide also uses ===',
    "{{ {{age}} === '21' }} {{ {{age}} === 21 }} {{ {{age}} !== 21 }}",
    'true false true',
  ],
  [
    'Expression and condition syntax',
    'Logical: &&, ||, !',
    '{{ true && false }} {{ true || false }} {{ !true }}',
    'false true false',
  ],
  ['Expression and condition syntax', 'Keywords: true, false, null', '{{true}} {{false}} [{{null}}]', 'true false []'],
  ['Session', 'case sensitive ({{Name}} differs from {{name}})', '{{Name}} {{name}}', 'ASHA Asha'],
  [
    'Session',
    'Variable names: letters, digits, underscores',
    '{{lead_companyName}} {{http_call_1.status}}',
    'Acme 200',
  ],
  [
    'Session',
    'A variable that has not been set yields an empty string',
    'Hi [{{not_set}}] [{{not_set.field}}]',
    'Hi [] []',
  ],
  [
    'Sources of variables',
    'System: {{customer_name}}, {{customer_phone}}',
    '{{customer_name}}, {{customer_phone}}',
    'Asha Verma, +919800000001',
  ],
  [
    'Sources of variables',
    'Trigger: {{order.catalog_id}}, {{trigger_1.ad.headline}}',
    '{{order.catalog_id}}, {{trigger_1.ad.headline}}',
    'CAT-9, Winter sale',
  ],
  ['Sources of variables', 'Question node: {{<variable>}}', '{{city}}', 'Pune'],
  [
    'Sources of variables',
    'HTTP Call node: {{http_call_1.status}}, {{http_call_1.result.<field>}}',
    '{{http_call_1.status}}, {{http_call_1.result.total}}',
    '200, 885',
  ],
  [
    'Sources of variables',
    'Lead Management: {{lead_name}}, {{lead_email}}, {{lead_companyName}}',
    '{{lead_name}}, {{lead_email}}, {{lead_companyName}}',
    'Ravi, ravi@example.com, Acme',
  ],
  ['Sources of variables', 'Script node: {{script_1.<output>}}', '{{script_1.discount}}', '15'],
  [
    'Sources of variables',
    'Interactive responses: {{button_id}}, {{row_id}}',
    '{{button_id}}, {{row_id}}',
    'yes_btn, row_3',
  ],
  ['Sources of variables', 'Chat Flow node: {{<mapped_variable>}}', '{{delivery_slot}}', 'morning'],
  ['Sources of variables', 'Button Click trigger: {{<extracted_variable>}}', '{{coupon}}', 'WINTER'],
  [
    'System variables',
    '{{customer_name}} {{customer_phone}} {{initial_message}} {{chat_message_id}}',
    '{{customer_name}}|{{customer_phone}}|{{initial_message}}|{{chat_message_id}}',
    'Asha Verma|+919800000001|hi|wamid.A1',
  ],
  [
    'Last interaction variables',
    '{{_last_button_payload}} {{_last_button_text}}',
    '{{_last_button_payload}}/{{_last_button_text}}',
    'SIZE_M/Medium',
  ],
  [
    'Last interaction variables',
    '{{_last_row_payload}} {{_last_row_text}}',
    '{{_last_row_payload}}/{{_last_row_text}}',
    'ROW_2/Blue',
  ],
  ['Last interaction variables', '{{_last_template_button_clicked}}', '{{_last_template_button_clicked}}', 'TRACK'],
  ['Node output shapes', 'read as {{<node_name>.<key>}}', '{{script_1.discount}}', '15'],
  [
    'Expression Builder',
    'leaf click inserts {{node_name.field}}',
    '{{node_name.field}} {{http_call_1.result.total}}',
    'leaf 885',
  ],
]

describe('spec examples render as the spec says', () => {
  it.each(table)('%s: %s', (_section, _quote, template, expected) => {
    expect(checkTemplate(template)).toEqual([])
    expect(renderTemplate(template, session)).toEqual({ text: expected, errors: [] })
  })
  it('names every function and condition operator of the spec', () => {
    expect(FUNCTION_DOCS.map((f) => f.name)).toEqual([
      'sum',
      'avg',
      'min',
      'max',
      'round',
      'floor',
      'ceil',
      'abs',
      'concat',
      'toUpperCase',
      'toLowerCase',
      'trim',
      'length',
      'if',
      'ifEmpty',
      'coalesce',
    ])
    expect(CONDITION_OPERATORS.map((o) => OPERATOR_LABELS[o])).toEqual([
      'equals',
      'not equals',
      'contains',
      'not contains',
      'starts with',
      'ends with',
      'greater than',
      'less than',
      'greater or equal',
      'less or equal',
      'is empty',
      'is not empty',
    ])
  })
})

describe('spec: Errors, conditions, rename and sample responses', () => {
  it('Errors 2: an unset variable in a message is replaced by an empty string; no error is raised', () => {
    expect(renderTemplate('Hi {{customer_name}}!', {})).toEqual({ text: 'Hi !', errors: [] })
  })
  it('Errors 2: a Condition checks the variable is not empty and routes TRUE or FALSE', () => {
    const rule: ConditionRule = { left: '{{email}}', operator: 'is_not_empty' }
    expect(evaluateRules([rule], 'and', {}).result).toBe(false)
    expect(evaluateRules([rule], 'and', { email: 'a@b.c' }).result).toBe(true)
  })
  it('Errors 3: validation errors are red (error) and warnings yellow (warning)', () => {
    const resolve = (p: string[]) => (p[0] === 'name' ? ('ok' as const) : ('unknown-root' as const))
    expect(checkTemplate('{{ price * 2 }} {{nobody}}', { resolve }).map((d) => d.severity)).toEqual([
      'error',
      'warning',
    ])
  })
  it('contains is case-insensitive; Router rules combine with AND (all true) or OR (any true)', () => {
    expect(evaluateRules([{ left: 'Ravi KUMAR', operator: 'contains', right: 'kumar' }], 'and', {}).result).toBe(true)
    const rules: ConditionRule[] = [
      { left: '{{age}}', operator: 'greater_or_equal', right: '18' },
      { left: '{{country}}', operator: 'equals', right: 'IN' },
    ]
    expect(evaluateRules(rules, 'and', { age: '20', country: 'US' }).result).toBe(false)
    expect(evaluateRules(rules, 'or', { age: '20', country: 'US' }).result).toBe(true)
    expect(evaluateRules(rules, 'and', { age: '20', country: 'IN' }).result).toBe(true)
  })
  it('rename: {{http_call_1.status}} becomes {{<new_name>.status}}', () => {
    expect(renameRoot('{{http_call_1.status}}', 'http_call_1', 'orders')).toEqual({
      text: '{{orders.status}}',
      count: 1,
    })
  })
  it('Sample response: relaxed form (single quotes, unquoted keys); Format JSON validates and pretty-prints', () => {
    expect(parseRelaxedJson("{status: 200, result: {'id': 'A1'}}")).toEqual({
      ok: true,
      value: { status: 200, result: { id: 'A1' } },
    })
    expect(formatJson("{a: 'x'}")).toEqual({ ok: true, text: '{\n  "a": "x"\n}' })
    expect(formatJson('{a: }')).toMatchObject({ ok: false, line: 1, column: 5 })
  })
})

// The spec is outside the repository (../shared): where it is present, every {{…}} example of the sections above must
// be realised by a row of the table (a <placeholder> in the spec stands for any name).
const specFile = fileURLToPath(new URL('../../../shared/spec/flow-service.md', import.meta.url))
const SECTIONS = [
  '### Session',
  '### Sources of variables',
  '### System variables',
  '### Last interaction variables',
  '### Node output shapes',
  '### Sample response',
  '## Errors',
  '### Expression and condition syntax',
]

describe.skipIf(!existsSync(specFile))('the table covers every example of the spec', () => {
  it('each {{…}} of those sections is one of the templates above', () => {
    const lines = readFileSync(specFile, 'utf8').split('\n')
    const examples = new Set<string>()
    let inSection = false
    for (const line of lines) {
      if (line.startsWith('#')) inSection = SECTIONS.some((s) => line.startsWith(s))
      if (!inSection) continue
      for (const c of splitTemplate(line).chunks) if (c.kind === 'code') examples.add(line.slice(c.start, c.end))
    }
    // {{1}}, {{2}} are Template Message parameter places (the template_message node), not session variables.
    const wanted = [...examples].filter((e) => !/^\{\{\d+\}\}$/.test(e))
    expect(wanted.length).toBeGreaterThan(25)
    const templates = table.map((r) => r[2]).join('\n')
    const missing = wanted.filter((e) => {
      const pattern = e.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/<[a-z_]+>/g, '[A-Za-z0-9_]+')
      return !new RegExp(pattern).test(templates)
    })
    expect(missing).toEqual([])
  })
})
