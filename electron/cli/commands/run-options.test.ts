// chatflow run's options: who the customer is (--contact) and how the run starts (--trigger), each checked as the
// studio and the endpoints check the same input.
import { expect, it } from 'vitest'
import { parseContact, parseTrigger } from './run-options'

it('parses --contact and --trigger', () => {
  expect(parseContact('Asha <+91 98000 00001>')).toEqual({ name: 'Asha', phone: '+91 98000 00001' })
  expect(parseContact(undefined)).toEqual({ name: 'Test Customer', phone: '+10000000000' })
  expect(parseContact('Ravi')).toEqual({ name: 'Ravi', phone: '+10000000000' })
  expect(parseContact('Asha 98000 00001')).toMatch(/needs its country code, e.g. --contact "Asha \+919800000001"/)
  expect(parseContact('Asha +91 9800')).toMatch(/^--contact: '\+91 9800' is not a phone number with country code/)
  expect(parseTrigger('webhook:{"amount":250}')).toEqual({
    start: 'direct',
    trigger: { kind: 'webhook', phone_number: '', data: { amount: 250 } },
  })
  expect(parseTrigger('message:hi there')).toEqual({ start: 'event', event: { type: 'text', text: 'hi there' } })
  expect(parseTrigger('webhook:[1]')).toBe('webhook: the data must be a JSON object')
  expect(parseTrigger('webhook-request:{"data":{"a":1},"message_text":"hi","button_id":"rate_now"}')).toEqual({
    start: 'direct',
    trigger: { kind: 'webhook', phone_number: '', data: { a: 1 }, message_text: 'hi', button_id: 'rate_now' },
  })
  expect(parseTrigger('webhook-request:')).toEqual({
    start: 'direct',
    trigger: { kind: 'webhook', phone_number: '', data: {} },
  })
  // The endpoint's own rules: a mistyped field is named, a phone number is --contact's.
  expect(parseTrigger('webhook-request:{"button":"x"}')).toBe(
    'webhook-request: Unknown field "button": the body takes phone_number, data, message_text and button_id.',
  )
  expect(parseTrigger('webhook-request:{"data":[1]}')).toBe('webhook-request: data must be a JSON object.')
  expect(parseTrigger('webhook-request:{"phone_number":"+919800000001"}')).toMatch(/give it with --contact/)
  expect(typeof parseTrigger('telepathy')).toBe('string')
})

it("takes a button title and an ad's fields with the message text", () => {
  expect(parseTrigger('button:{"id":"order_42","title":"Track"}')).toEqual({
    start: 'event',
    event: { type: 'button_reply', reply: { id: 'order_42', title: 'Track' } },
  })
  expect(parseTrigger('button:{"title":"Track"}')).toMatch(/needs "id"/)
  expect(parseTrigger('ad:{"headline":"Sale","source_id":"12","text":"Is it in stock?"}')).toEqual({
    start: 'event',
    event: { type: 'text', text: 'Is it in stock?', referral: { headline: 'Sale', source_id: '12' } },
  })
  expect(parseTrigger('ad:{"headlin":"Sale"}')).toMatch(/^ad: unknown field "headlin"/)
})
