import { describe, expect, it } from 'vitest'
import { ASHA } from './testing/fixtures'
import { inboundText, initialMessage, interactionVars, systemVars } from './session'
import type { InboundEvent, TriggerInput } from './types'

describe('system variables', () => {
  it.each<[string, TriggerInput, string, string]>([
    [
      'keyword',
      { kind: 'keyword', keyword: 'hi', message: { type: 'text', text: 'Hi there', id: 'wamid.A' } },
      'Hi there',
      'wamid.A',
    ],
    [
      'button click',
      {
        kind: 'button_click',
        payload: 'p',
        text: 'Track',
        message: { type: 'button_reply', id: 'wamid.B', reply: { id: 'p', title: 'Track' } },
      },
      'Track',
      'wamid.B',
    ],
    [
      'ad click',
      { kind: 'ad_click', ad: {}, message: { type: 'text', text: 'Info?', id: 'wamid.C' } },
      'Info?',
      'wamid.C',
    ],
    ['webhook', { kind: 'webhook', phone_number: '+1', data: {}, message_text: 'simulated' }, 'simulated', ''],
    ['manual', { kind: 'manual' }, '', ''],
  ])('%s: initial_message and chat_message_id', (_kind, trigger, initial, id) => {
    expect(systemVars(ASHA, trigger)).toEqual({
      customer_name: 'Asha',
      customer_phone: '+919800000001',
      initial_message: initial,
      chat_message_id: id,
    })
    expect(initialMessage(trigger)).toBe(initial)
  })
})

describe('interaction variables', () => {
  it.each<[InboundEvent, Record<string, unknown>]>([
    [
      { type: 'button_reply', reply: { id: 'yes', title: 'Yes!' } },
      { button_id: 'yes', _last_button_payload: 'yes', _last_button_text: 'Yes!' },
    ],
    [
      { type: 'list_reply', reply: { id: 'r2', title: 'Row 2' } },
      { row_id: 'r2', _last_row_payload: 'r2', _last_row_text: 'Row 2' },
    ],
    [
      { type: 'template_button', button: { payload: 'promo_1', text: 'Get it' } },
      { _last_template_button_clicked: 'promo_1' },
    ],
    [
      {
        type: 'order',
        order: {
          catalog_id: 'cat1',
          product_items: [{ product_retailer_id: 'sku1', quantity: 2, item_price: 5, currency: 'INR' }],
        },
      },
      {
        order: {
          catalog_id: 'cat1',
          product_items: [{ product_retailer_id: 'sku1', quantity: 2, item_price: 5, currency: 'INR' }],
        },
      },
    ],
    [{ type: 'text', text: 'hello' }, {}],
  ])('%j sets %j', (event, vars) => {
    expect(interactionVars(event)).toEqual(vars)
  })

  it('reads the human text of each event kind', () => {
    expect(inboundText({ type: 'text', text: 'a' })).toBe('a')
    expect(inboundText({ type: 'list_reply', reply: { id: 'x', title: 'Row' } })).toBe('Row')
    expect(inboundText({ type: 'template_button', button: { payload: 'p', text: 'Label' } })).toBe('Label')
    expect(inboundText({ type: 'nfm_reply', response: { a: 1 } })).toBe('')
  })
})
