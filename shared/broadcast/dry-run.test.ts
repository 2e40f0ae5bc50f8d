import { describe, expect, it } from 'vitest'
import { CreditRuleSchema } from '../api/commands/manual'
import { inSegment, planRecipients } from './audience'
import { dryRun, type ContactState } from './dry-run'
import type { FlowStart } from './flow-start'
import { BroadcastSpecSchema, type BroadcastSpecInput } from './types'

const now = Date.UTC(2026, 10, 29, 4, 0)
const HOUR = 3_600_000
const rule = CreditRuleSchema.parse({})
const template: FlowStart = {
  triggerNodeId: 'n_start',
  startsWithTemplate: true,
  templates: [
    { name: 'promo', category: 'MARKETING' },
    { name: 'order_update', category: 'UTILITY' },
  ],
}
const freeForm: FlowStart = { triggerNodeId: 'n_start', startsWithTemplate: false, templates: [] }

const spec = (contacts: string[], extra: Partial<BroadcastSpecInput> = {}) =>
  BroadcastSpecSchema.parse({
    name: 'Sale',
    flowId: 'flw_sale',
    audience: {
      kind: 'contacts',
      contacts: contacts.map((phone) => ({ phone: phone.startsWith('+') ? phone : '+1' })),
    },
    schedule: { kind: 'now' },
    ...extra,
  })

const states: Record<string, ContactState> = {
  '+447700900001': { optedIn: false, lastInboundAt: null, withPerson: false },
  '+447700900002': { optedIn: true, lastInboundAt: now - HOUR, withPerson: false },
  '+447700900003': { optedIn: true, lastInboundAt: now - 2 * HOUR, withPerson: true },
  '+447700900004': { optedIn: true, lastInboundAt: now - 25 * HOUR, withPerson: false },
}

function run(start: FlowStart, phones: string[], opts: { dailyLimit?: number | null; usedToday?: number } = {}) {
  const s = BroadcastSpecSchema.parse({ ...spec([]), audience: { kind: 'contacts', contacts: [] } })
  const recipients = planRecipients(s, [], now).concat(
    planRecipients(
      { ...s, audience: { kind: 'segment', tags: [], fields: {} } },
      phones.map((phone) => ({ phone, name: phone, fields: {} })),
      now,
    ),
  )
  return dryRun({
    recipients,
    contactOf: (p) => states[p] ?? null,
    start,
    rule,
    ratePerSecond: 80,
    dailyLimit: opts.dailyLimit ?? null,
    usedToday: opts.usedToday ?? 0,
  })
}

describe('dryRun', () => {
  const phones = [
    '+447700900001',
    '+447700900002',
    '+447700900003',
    '+447700900004',
    '+447700900005',
    'nope',
    '+447700900002',
  ]

  it('a template start: blocks opted out, with a person, invalid and repeated numbers; prices by the rule', () => {
    const r = run(template, phones)
    expect(r.total).toBe(7)
    expect(r.blocked).toEqual({ opted_out: 1, outside_window: 0, invalid_number: 1, with_person: 1, duplicate: 1 })
    expect(r.willSend).toBe(3) // 002 (window open), 004 and 005 (closed)
    // Marketing 2 each; utility 1, free inside the window (002).
    expect(r.cost).toEqual({ MARKETING: 6, UTILITY: 2, AUTHENTICATION: 0, total: 8 })
    expect(r.newConversations).toBe(2)
    expect(r.startsWithTemplate).toBe(true)
    expect(r.firstAt).toBe(now)
    expect(r.lastAt).toBe(now + 25) // three at 80 per second
    expect(r.days).toBe(1)
  })

  it('a free-form start: contacts outside their window are blocked outside_window', () => {
    const r = run(freeForm, phones)
    expect(r.blocked.outside_window).toBe(2)
    expect(r.willSend).toBe(1)
    expect(r.cost.total).toBe(0)
  })

  it('the daily limit spreads new conversations over days', () => {
    const many = Array.from({ length: 10 }, (_, i) => `+4477009001${String(i).padStart(2, '0')}`)
    const r = run(template, many, { dailyLimit: 4, usedToday: 1 })
    // 3 today, 4 tomorrow, 3 the day after.
    expect(r.newConversations).toBe(10)
    expect(r.days).toBe(3)
    expect(r.lastAt).toBe(now + 2 * 86_400_000 + 25) // the day's three, paced
    expect(run(template, many, { dailyLimit: 10 }).days).toBe(1)
  })

  it('an empty audience sends nothing and has no times', () => {
    const r = run(template, [])
    expect(r).toMatchObject({ total: 0, willSend: 0, firstAt: null, lastAt: null, days: 1 })
  })
})

describe('planRecipients', () => {
  it('merges the broadcast variables under each row’s own, and schedules each contact in its zone', () => {
    const s = BroadcastSpecSchema.parse({
      name: 'Sale',
      flowId: 'flw_sale',
      variables: { coupon: 'ALL', season: 'winter' },
      audience: {
        kind: 'contacts',
        contacts: [
          { phone: '+447700900123', variables: { coupon: 'ANN' } },
          { phone: '+919800000001', fields: { timezone: 'Asia/Tokyo' } },
        ],
      },
      schedule: { kind: 'contact_local', time: '10:00', fallbackZone: 'UTC' },
    })
    const [ann, ravi] = planRecipients(s, [], now)
    expect(ann).toMatchObject({ variables: { coupon: 'ANN', season: 'winter' }, dueAt: Date.UTC(2026, 10, 29, 10) })
    expect(ravi).toMatchObject({ variables: { coupon: 'ALL' }, dueAt: Date.UTC(2026, 10, 30, 1) })
  })
})

describe('inSegment', () => {
  it('needs every tag (any case) and every field equal', () => {
    const c = { fields: { tags: ['VIP', 'uk'], city: 'Leeds', orders: 3 } }
    expect(inSegment(c, { tags: ['vip'], fields: { city: 'Leeds', orders: '3' } })).toBe(true)
    expect(inSegment(c, { tags: ['vip', 'new'], fields: {} })).toBe(false)
    expect(inSegment(c, { tags: [], fields: { city: 'York' } })).toBe(false)
    expect(inSegment(c, { tags: [], fields: { country: '' } })).toBe(false)
    expect(inSegment({ fields: {} }, { tags: [], fields: {} })).toBe(true)
  })
})
