import { EditorState } from '@codemirror/state'
import { CompletionContext } from '@codemirror/autocomplete'
import { describe, expect, it } from 'vitest'
import { FUNCTION_DOCS } from '../../shared/expr'
import { example } from '../../shared/analysis/testing/examples'
import { templateCompletionSource, templateCompletions } from './completion'
import { scopeAt } from './context'

const doc = example('order-status')
const { vars } = scopeAt(doc, 'n_found')
// CodeMirror filters the options by the typed word itself; this keeps the ones a prefix match leaves.
function labels(text: string, pos = text.length, explicit = false): string[] | null {
  const r = templateCompletions(text, pos, vars, explicit)
  if (!r) return null
  const typed = text.slice(r.from, pos)
  return r.options.map((o) => o.label).filter((l) => l.startsWith(typed))
}

describe('templateCompletions', () => {
  it('offers root variables and node names right after {{, with their source', () => {
    const r = templateCompletions('Hi {{', 5, vars, false)!
    expect(r.from).toBe(5)
    const names = r.options.map((o) => o.label)
    expect(names).toEqual(
      expect.arrayContaining(['customer_name', '_last_button_payload', 'order_lookup', 'trigger_1']),
    )
    expect(r.options.find((o) => o.label === 'customer_name')).toMatchObject({
      type: 'variable',
      detail: 'string · system',
    })
    // A node that runs after this one has no output here yet.
    expect(names).not.toContain('too_many_tries')
  })

  it('completes a path one segment at a time, from the declared outputs and the sample', () => {
    const r = templateCompletions('{{order_lookup.result.ca', 24, vars, false)!
    expect(r.from).toBe(22)
    expect(r.options.map((o) => o.label)).toEqual(expect.arrayContaining(['carrier', 'status', 'order_id']))
    expect(labels('{{order_lookup.')).toEqual(expect.arrayContaining(['status', 'result', 'ok']))
  })

  it('offers functions with signature and description, keywords and operators inside an expression', () => {
    const r = templateCompletions('{{ro', 4, vars, false)!
    expect(r.from).toBe(2)
    const round = r.options.find((o) => o.label === 'round')!
    const doc = FUNCTION_DOCS.find((f) => f.name === 'round')!
    expect(round).toMatchObject({ type: 'function', detail: doc.signature, apply: 'round(' })
    expect(String(round.info)).toContain(doc.description)
    expect(labels('{{tr')).toEqual(expect.arrayContaining(['true', 'trim']))
    expect(labels('{{if({{row_id}} == nu')).toEqual(['null'])
    // After a complete operand, an empty word: operators are offered.
    expect(labels('{{ {{order_lookup.status}} ')).toEqual(expect.arrayContaining(['>=', '&&', '+']))
    expect(labels('{{ro')).not.toContain('>=')
    // Inside inner braces only variables: a function cannot be read as a variable.
    expect(labels('{{sum({{ro')).toEqual(['row_id'])
  })

  it('completes inner variables inside an expression', () => {
    expect(labels('{{sum({{order_l')).toEqual(['order_lookup'])
  })

  it('offers nothing inside a string literal, and placeholders in plain text only on request or after {', () => {
    expect(labels("{{if(true, 'cus")).toBeNull()
    expect(labels('Hello ')).toBeNull()
    const r = templateCompletions('Hello ', 6, vars, true)!
    expect(r.options.find((o) => o.label === 'customer_name')?.apply).toBe('{{customer_name}}')
    expect(templateCompletions('Hello {', 7, vars, false)!.from).toBe(6)
  })

  it('is a CodeMirror completion source reading the current variables', async () => {
    const state = EditorState.create({ doc: 'Dear {{cust' })
    const source = templateCompletionSource(() => vars)
    const r = await source(new CompletionContext(state, state.doc.length, false))
    expect(r?.from).toBe(7)
    expect(r?.options.map((o) => o.label).filter((l) => l.startsWith('cust'))).toEqual([
      'customer_name',
      'customer_phone',
    ])
  })
})
