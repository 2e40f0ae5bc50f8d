// The webhook payload reader: every entry, change and value; each message kind as /api/v1/inbound reads it; statuses
// with their errors; and what is left out (another business number, other fields, notices), never the whole POST.
import { expect, it } from 'vitest'
import { parseWebhook, WebhookShapeError } from './channel-webhook-parse'
import { customerImage, customerMessage, statuses, TEST_PHONE_NUMBER_ID as ID } from './testing/channel-payloads'

const NOW = 1_763_840_000_000

it('reads every entry and change of one POST, in order, with each contact matched by its number', () => {
  const a = customerMessage('+919800000001', 'Asha', { type: 'text', text: 'wine' }, 'wamid.A')
  const b = customerMessage(
    '919800000002',
    'Ravi',
    { type: 'button_reply', reply: { id: 'yes', title: 'Yes' } },
    'wamid.B',
  )
  const body = { object: 'whatsapp_business_account', entry: [...a.entry, ...b.entry] }
  // Two messages in one value, from two contacts: each is matched to its own contact's name.
  const value = a.entry[0]!.changes[0]!.value
  const other = b.entry[0]!.changes[0]!.value
  value.contacts!.push(...other.contacts!)
  value.messages!.push({ ...other.messages![0], id: 'wamid.C' })
  const parsed = parseWebhook(body, ID, NOW)
  expect(parsed.messages.map((m) => [m.messageId, m.phone, m.name, m.event?.type])).toEqual([
    ['wamid.A', '+919800000001', 'Asha', 'text'],
    ['wamid.C', '+919800000002', 'Ravi', 'button_reply'],
    ['wamid.B', '+919800000002', 'Ravi', 'button_reply'],
  ])
  expect(parsed.skipped).toEqual([])
})

it('turns each kind into the engine event /api/v1/inbound makes, referral and form included', () => {
  const kinds = [
    { type: 'list_reply' as const, reply: { id: 'r1', title: 'Row one', description: 'first' } },
    { type: 'template_button' as const, button: { payload: 'STOP', text: 'Stop' } },
    { type: 'nfm_reply' as const, response: { flow_token: 't', age: 30 } },
    {
      type: 'order' as const,
      order: {
        catalog_id: 'c1',
        product_items: [{ product_retailer_id: 'p1', quantity: 2, item_price: 5, currency: 'INR' }],
      },
    },
    {
      type: 'text' as const,
      text: 'hi',
      referral: { source_type: 'ad', headline: 'Wine sale', source_url: 'https://ad.example' },
    },
  ]
  for (const event of kinds) {
    const [m] = parseWebhook(customerMessage('+919800000003', 'Asha', event, 'wamid.K'), ID, NOW).messages
    expect(m!.event).toEqual({ ...event, id: 'wamid.K' })
  }
})

it('keeps a kind flows do not take as the customer writing, and leaves out notices, other numbers and other fields', () => {
  const image = parseWebhook(customerImage('+919800000004', 'Asha', 'wamid.I'), ID, NOW)
  expect(image.messages).toMatchObject([{ messageId: 'wamid.I', phone: '+919800000004', kind: 'image', event: null }])
  const notice = customerMessage('+919800000004', 'Asha', { type: 'text', text: 'x' }, 'wamid.S')
  Object.assign(notice.entry[0]!.changes[0]!.value.messages![0]!, {
    type: 'system',
    system: { body: 'changed number' },
  })
  expect(parseWebhook(notice, ID, NOW)).toMatchObject({
    messages: [],
    skipped: [{ at: 'entry[0].changes[0].value.messages[0]', reason: expect.stringContaining("'system' notice") }],
  })
  const elsewhere = parseWebhook(
    customerMessage('+919800000004', 'Asha', { type: 'text', text: 'x' }, 'wamid.O', '999'),
    ID,
    NOW,
  )
  expect(elsewhere).toMatchObject({
    messages: [],
    skipped: [{ at: 'entry[0].changes[0]', reason: expect.stringContaining('another business number'), detail: '999' }],
  })
  const template = {
    object: 'whatsapp_business_account',
    entry: [{ id: '1', changes: [{ field: 'message_template_status_update', value: { event: 'APPROVED' } }] }],
  }
  expect(parseWebhook(template, ID, NOW)).toMatchObject({
    messages: [],
    statuses: [],
    skipped: [{ at: 'entry[0].changes[0]', detail: 'message_template_status_update' }],
  })
})

it('reads statuses with the first error of a failure, and skips one it cannot read', () => {
  const body = statuses(
    { id: 'wamid.1', status: 'read', recipient: '+919800000005' },
    {
      id: 'wamid.2',
      status: 'failed',
      recipient: '+919800000005',
      error: { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours have passed' },
    },
  )
  body.entry[0]!.changes[0]!.value.statuses!.push({ id: 'wamid.3', status: 'deleted' })
  const parsed = parseWebhook(body, ID, NOW)
  expect(parsed.statuses).toEqual([
    { channelId: 'wamid.1', state: 'read', at: expect.any(Number), error: null },
    {
      channelId: 'wamid.2',
      state: 'failed',
      at: expect.any(Number),
      error: { code: 131047, title: 'Re-engagement message', message: 'More than 24 hours have passed' },
    },
  ])
  expect(parsed.skipped).toEqual([
    { at: 'entry[0].changes[0].value.statuses[2]', reason: 'a status without an id or with an unknown state' },
  ])
})

it('refuses only a body that is not the envelope at all', () => {
  expect(() => parseWebhook({ hello: 1 }, ID, NOW)).toThrow(WebhookShapeError)
  expect(() => parseWebhook([], ID, NOW)).toThrow(WebhookShapeError)
  expect(parseWebhook({ object: 'whatsapp_business_account', entry: [] }, ID, NOW)).toEqual({
    messages: [],
    statuses: [],
    skipped: [],
    notUnderstood: [],
  })
})

it('reads the rest of a POST around a null or unreadable entry, change, message, contact or status, naming each place', () => {
  // Before: one `null` change refused the whole POST (400 not_a_channel_webhook), the valid message beside it too.
  const body = customerMessage('+919800000006', 'Asha', { type: 'text', text: 'wine' }, 'wamid.OK')
  const value = body.entry[0]!.changes[0]!.value
  ;(body.entry as unknown[]).unshift(null)
  ;(body.entry[1]!.changes as unknown[]).push(null, 'text', { field: 'messages', value: null })
  ;(value.messages as unknown[]).unshift(null, { id: 7, from: '919800000006', type: 'text' })
  ;(value.contacts as unknown[]).unshift(null)
  value.statuses = [null as never, { id: 'wamid.1', status: 'read' }]
  const parsed = parseWebhook(body, ID, NOW)
  expect(parsed.messages.map((m) => [m.messageId, m.phone, m.name])).toEqual([['wamid.OK', '+919800000006', 'Asha']])
  expect(parsed.statuses.map((s) => s.channelId)).toEqual(['wamid.1'])
  expect(parsed.skipped.map((s) => s.at)).toEqual([
    'entry[0]',
    'entry[1].changes[0].value.messages[0]',
    'entry[1].changes[0].value.messages[1]',
    'entry[1].changes[0].value.statuses[0]',
    'entry[1].changes[1]',
    'entry[1].changes[2]',
    'entry[1].changes[3]',
  ])
  expect(parsed.skipped[4]!.reason).toBe('a change that is not an object')
})

it('leaves out a message whose id is longer than /api/v1/inbound takes, and keeps its neighbours', () => {
  const body = customerMessage('+919800000007', 'Asha', { type: 'text', text: 'wine' }, 'wamid.OK')
  const value = body.entry[0]!.changes[0]!.value
  value.messages!.unshift({ ...value.messages![0], id: `wamid.${'x'.repeat(1_000_000)}` })
  const parsed = parseWebhook(body, ID, NOW)
  expect(parsed.messages.map((m) => m.messageId)).toEqual(['wamid.OK'])
  expect(parsed.skipped).toMatchObject([
    { at: 'entry[0].changes[0].value.messages[0]', reason: 'a message id longer than 256 characters' },
  ])
})

/**
 * How many array elements the parse visits through the built-in searches (find, filter, some, includes…): a
 * search per item over the other items is what made one POST hold the process for seconds. Counted, not timed.
 */
function elementsSearched(run: () => void): number {
  let visited = 0
  const methods = [
    'find',
    'findIndex',
    'findLast',
    'findLastIndex',
    'filter',
    'some',
    'every',
    'includes',
    'indexOf',
    'lastIndexOf',
  ] as const
  const proto = Array.prototype as unknown as Record<string, (...args: unknown[]) => unknown>
  const saved = methods.map((name) => proto[name]!)
  methods.forEach((name, i) => {
    proto[name] = function (this: unknown[], ...args: unknown[]) {
      visited += this.length
      return saved[i]!.apply(this, args)
    }
  })
  try {
    run()
  } finally {
    methods.forEach((name, i) => (proto[name] = saved[i]!))
  }
  return visited
}

it("finds each message's contact without searching the contacts: the work grows with the items, not their square", () => {
  // The issue's shape: many messages and as many contacts, none of them the messages' senders.
  const post = (n: number) => {
    const body = customerImage('+919800000008', 'Asha', 'wamid.0')
    const value = body.entry[0]!.changes[0]!.value
    const message = value.messages![0]!
    value.messages = Array.from({ length: n }, (_, i) => ({
      ...message,
      id: `wamid.${i}`,
      from: `9198${String(i).padStart(8, '0')}`,
    }))
    value.contacts = Array.from({ length: n }, (_, i) => ({
      profile: { name: 'X' },
      wa_id: `44${String(i).padStart(10, '0')}`,
    }))
    return body
  }
  const small = post(500)
  const large = post(2000)
  let parsed = parseWebhook(small, ID, NOW)
  const searchedSmall = elementsSearched(() => (parsed = parseWebhook(small, ID, NOW)))
  expect(parsed.messages).toHaveLength(500)
  const searchedLarge = elementsSearched(() => (parsed = parseWebhook(large, ID, NOW)))
  expect(parsed.messages).toHaveLength(2000)
  // Before: 500 × 500 and 2,000 × 2,000 contacts searched (16 times as many for 4 times the items).
  expect(searchedLarge).toBeLessThanOrEqual(4 * searchedSmall + 100)
  expect(searchedLarge).toBeLessThan(20 * 2000)
})
