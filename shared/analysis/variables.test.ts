import { describe, expect, it } from 'vitest'
import { checkTemplate } from '../expr'
import { checkContextFor } from './resolve'
import { example } from './testing/examples'
import { allFlowVariables, variablesAt } from './variables'

const paths = (vs: { path: string }[]) => vs.map((v) => v.path)

describe('variablesAt', () => {
  it('offers system and interaction variables everywhere, and only upstream node outputs', () => {
    const doc = example('lead-capture')
    const atEmail = paths(variablesAt(doc, 'n_email'))
    expect(atEmail).toEqual(
      expect.arrayContaining([
        'customer_name',
        'customer_phone',
        'initial_message',
        'chat_message_id',
        '_last_button_payload',
        'button_id',
        'row_id',
      ]),
    )
    expect(atEmail).toEqual(expect.arrayContaining(['trigger_1.keyword', 'full_name', 'ask_name.answer']))
    expect(atEmail).not.toContain('work_email')
    expect(atEmail).not.toContain('lead_email')
    expect(paths(variablesAt(doc, 'n_thanks'))).toEqual(
      expect.arrayContaining(['work_email', 'company', 'lead_email', 'lead_companyName']),
    )
  })

  it('labels where each variable comes from', () => {
    const vs = variablesAt(example('order-status'), 'n_found')
    expect(vs.find((v) => v.path === 'customer_name')?.source).toBe('system')
    expect(vs.find((v) => v.path === '_last_row_text')?.source).toBe('interaction')
    expect(vs.find((v) => v.path === 'trigger_1.keyword')).toMatchObject({ source: 'trigger', nodeId: 'n_trigger' })
    expect(vs.find((v) => v.path === 'order_lookup.status')).toMatchObject({
      source: 'node',
      nodeName: 'order_lookup',
      type: 'number',
    })
    expect(vs.find((v) => v.path === 'order_lookup.result.carrier')).toMatchObject({ source: 'sample', type: 'string' })
    expect(vs.find((v) => v.path === 'order_state')).toMatchObject({ source: 'node', nodeName: 'order_lookup' })
  })

  it('includes webhook data fields, form mappings and button-click extraction targets', () => {
    expect(paths(allFlowVariables(example('feedback-form')))).toEqual(
      expect.arrayContaining(['order_id', 'feedback_rating', 'may_contact', 'feedback_form.response.rating']),
    )
    const doc = example('catalogue')
    doc.nodes[0]!.config = { kind: 'button_click', payloadPrefix: 'buy_', targetVariable: 'sku' }
    expect(paths(variablesAt(doc, 'n_spm'))).toContain('sku')
  })
})

describe('checkContextFor (Expression Builder diagnostics)', () => {
  it('warns about unknown names and paths the flow cannot produce', () => {
    const ctx = checkContextFor(example('order-status'))
    expect(checkTemplate('{{order_lookup.result.carrier}} {{customer_name}}', ctx)).toEqual([])
    expect(checkTemplate('{{nobody}}', ctx).map((d) => d.code)).toEqual(['unknown-variable'])
    expect(checkTemplate('{{order_lookup.nope}}', ctx).map((d) => d.code)).toEqual(['unknown-path'])
  })
})
