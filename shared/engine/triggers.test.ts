import { describe, expect, it } from 'vitest'
import { buildFlow } from './testing/fixtures'
import { keywordMatches, keywordOverlaps, matchTrigger } from './triggers'
import type { InboundEvent } from './types'

function flow(id: string, name: string, config: Record<string, unknown>, active = true) {
  return buildFlow([{ type: 'trigger', name: 'trigger_1', config }], [], { id, name, active })
}
const text = (t: string): InboundEvent => ({ type: 'text', text: t })

describe('keyword matching', () => {
  it.each([
    ['exact', 'hi', 'hi', true],
    ['exact', 'hi there', 'hi', false],
    ['starts_with', 'order 42', 'order', true],
    ['starts_with', 'orders', 'order', false],
    ['contains', 'i want the menu now', 'menu', true],
    ['contains', 'this', 'hi', false],
    ['contains', 'hi!', 'hi', true],
    ['contains', 'say good morning', 'good morning', true],
  ] as const)('%s: %j with %j → %s', (mode, message, keyword, expected) => {
    expect(keywordMatches(message, keyword, mode)).toBe(expected)
  })

  it('ignores case and extra spaces', () => {
    const m = matchTrigger(
      [flow('f1', 'Greeting', { kind: 'keyword', keywords: ['Good  Morning'] })],
      text('  good MORNING '),
    )
    expect(m?.trigger).toEqual({ kind: 'keyword', keyword: 'Good  Morning', message: text('  good MORNING ') })
  })

  it('starts only active flows', () => {
    const off = flow('f1', 'Off', { kind: 'keyword', keywords: ['hi'] }, false)
    expect(matchTrigger([off], text('hi'))).toBeNull()
  })

  it('prefers exact over starts_with over contains, then the longer keyword, then the flow name', () => {
    const contains = flow('f1', 'A contains', { kind: 'keyword', keywords: ['price'], matchMode: 'contains' })
    const starts = flow('f2', 'B starts', { kind: 'keyword', keywords: ['price'], matchMode: 'starts_with' })
    const exact = flow('f3', 'C exact', { kind: 'keyword', keywords: ['price list'], matchMode: 'exact' })
    expect(matchTrigger([contains, starts, exact], text('price list'))?.flow.id).toBe('f3')
    expect(matchTrigger([contains, starts], text('price list'))?.flow.id).toBe('f2')
    const longer = flow('f4', 'D longer', { kind: 'keyword', keywords: ['price list'], matchMode: 'contains' })
    expect(matchTrigger([contains, longer], text('the price list please'))?.flow.id).toBe('f4')
    const twin = flow('f0', 'A contains too', { kind: 'keyword', keywords: ['price'], matchMode: 'contains' })
    expect(matchTrigger([twin, contains], text('price?'))?.flow.id).toBe('f1')
  })
})

describe('button click and ad click triggers', () => {
  const orders = flow('f_orders', 'Orders', {
    kind: 'button_click',
    payloadPrefix: 'order_',
    targetVariable: 'order_id',
  })
  const any = flow('f_any', 'Any button', { kind: 'button_click', payloadPrefix: '' })
  const ads = flow('f_ads', 'Ads', { kind: 'ad_click' })
  const kw = flow('f_kw', 'Keyword', { kind: 'keyword', keywords: ['hi'] })

  it('matches a reply-button id or a template payload by prefix, the longer prefix first', () => {
    const tapped = matchTrigger([any, orders], { type: 'button_reply', reply: { id: 'order_9', title: 'Track' } })
    expect(tapped?.flow.id).toBe('f_orders')
    expect(tapped?.trigger).toMatchObject({ kind: 'button_click', payload: 'order_9', text: 'Track' })
    const tpl = matchTrigger([orders], { type: 'template_button', button: { payload: 'order_7', text: 'Track' } })
    expect(tpl?.trigger).toMatchObject({ payload: 'order_7' })
    expect(matchTrigger([orders], { type: 'button_reply', reply: { id: 'promo_1', title: 'x' } })).toBeNull()
  })

  it('starts an ad-click flow from a message carrying a referral, before any keyword', () => {
    const event: InboundEvent = { type: 'text', text: 'hi', referral: { headline: 'Sale', source_id: '1' } }
    const m = matchTrigger([kw, ads], event)
    expect(m?.flow.id).toBe('f_ads')
    expect(m?.trigger).toEqual({ kind: 'ad_click', ad: { headline: 'Sale', source_id: '1' }, message: event })
    expect(matchTrigger([kw, ads], text('hi'))?.flow.id).toBe('f_kw')
  })
})

describe('keyword overlaps', () => {
  it('names the message both flows answer and which flow wins', () => {
    const status = flow('f_status', 'Status', { kind: 'keyword', keywords: ['order status'], matchMode: 'exact' })
    const orders = flow('f_orders', 'Orders', { kind: 'keyword', keywords: ['order'], matchMode: 'contains' })
    const other = flow('f_other', 'Other', { kind: 'keyword', keywords: ['hello'] })
    expect(keywordOverlaps([status, orders, other])).toEqual([
      {
        message: 'order status',
        winner: { flowId: 'f_status', flowName: 'Status', keyword: 'order status' },
        loser: { flowId: 'f_orders', flowName: 'Orders', keyword: 'order' },
      },
    ])
  })

  it('reports the same keyword in two flows once, and ignores inactive flows', () => {
    const a = flow('f_a', 'A', { kind: 'keyword', keywords: ['Menu'] })
    const b = flow('f_b', 'B', { kind: 'keyword', keywords: ['menu'] })
    expect(keywordOverlaps([a, b])).toHaveLength(1)
    expect(keywordOverlaps([a, { ...b, active: false }])).toEqual([])
  })
})
