import { describe, expect, it } from 'vitest'
import type { LogRun } from '../../shared/api/commands/logs'
import type { TraceEvent } from '../../shared/engine/types'
import { cleanFilter, formatMs, mergeHead, messageText, waterfall } from './model'
import type { LogMessage } from '../../shared/api/commands/logs'
import type { InboundEvent, OutboundMessage } from '../../shared/engine/types'

const run = (n: number, extra: Partial<LogRun> = {}): LogRun => ({
  id: `r${n}`,
  flowId: 'f',
  flowName: 'F',
  contact: { id: 'c', name: 'C', phone: '+1' },
  status: 'ended',
  triggerKind: 'manual',
  endReason: null,
  error: null,
  nodeCount: 1,
  execMs: 1,
  startedAt: n * 10,
  updatedAt: n * 10,
  endedAt: null,
  failedDeliveries: 0,
  wakeAt: null,
  cursor: { startedAt: n * 10, seq: n },
  ...extra,
})
const ids = (rs: LogRun[]) => rs.map((r) => r.id)

describe('mergeHead', () => {
  const loaded = { runs: [9, 8, 7, 6, 5, 4].map((n) => run(n)), next: run(4).cursor }
  it('puts new runs on top, updates changed ones, and keeps the older loaded pages with their cursor', () => {
    const head = { runs: [run(10), run(9, { status: 'failed' }), run(8)], next: run(8).cursor }
    const merged = mergeHead(loaded, head)
    expect(ids(merged.runs)).toEqual(['r10', 'r9', 'r8', 'r7', 'r6', 'r5', 'r4'])
    expect(merged.runs[1]!.status).toBe('failed')
    expect(merged.next).toEqual(run(4).cursor)
  })
  it('drops a loaded run inside the head range that the head no longer has (deleted)', () => {
    const head = { runs: [run(10), run(8)], next: run(8).cursor }
    expect(ids(mergeHead(loaded, head).runs)).toEqual(['r10', 'r8', 'r7', 'r6', 'r5', 'r4'])
  })
  it('is the head alone when the head is the whole list', () => {
    const head = { runs: [run(10), run(9)], next: null }
    expect(mergeHead(loaded, head)).toBe(head)
  })
})

describe('waterfall', () => {
  const ev = (startedAt: number, durationMs: number) => ({ startedAt, durationMs }) as TraceEvent
  it('places nodes on one axis from the first start, never thinner than 0.5%', () => {
    const bars = waterfall([ev(1000, 10), ev(1010, 0), ev(1010, 90)])
    expect(bars.map((b) => [b.left, b.width, b.offsetMs])).toEqual([
      [0, 10, 0],
      [10, 0.5, 10],
      [10, 90, 10],
    ])
    expect(waterfall([])).toEqual([])
  })
})

describe('messageText and formatting', () => {
  it('finds the text of inbound and outbound shapes', () => {
    const at = { seq: 0, id: null, createdAt: 0 }
    const inbound = (payload: InboundEvent): LogMessage => ({ ...at, direction: 'in', type: payload.type, payload })
    const outbound = (payload: OutboundMessage): LogMessage => ({
      ...at,
      direction: 'out',
      type: payload.type,
      payload,
    })
    expect(messageText(inbound({ type: 'text', text: 'hi' }))).toBe('hi')
    expect(messageText(outbound({ type: 'text', text: { body: 'Thanks' } }))).toBe('Thanks')
    expect(messageText(inbound({ type: 'button_reply', reply: { id: 'a', title: 'Alpha' } }))).toBe(
      '[button_reply] Alpha',
    )
    const buttons = {
      type: 'button' as const,
      body: { text: 'Pick one' },
      action: { buttons: [{ type: 'reply' as const, reply: { id: 'a', title: 'A' } }] },
    }
    expect(messageText(outbound({ type: 'interactive', interactive: buttons }))).toBe('Pick one')
    expect(messageText(outbound({ type: 'image', image: { link: 'https://a.example/x.png' } }))).toBe('[image]')
    expect(messageText(outbound({ type: 'image', image: { link: 'https://a.example/x.png', caption: 'Gold!' } }))).toBe(
      '[image] Gold!',
    )
    expect(messageText(outbound({ type: 'template', template: { name: 'promo', language: { code: 'en' } } }))).toBe(
      '[template promo]',
    )
  })
  it('formats durations and drops empty filter fields', () => {
    expect([formatMs(0.25), formatMs(4.56), formatMs(250), formatMs(1500)]).toEqual([
      '0.25 ms',
      '4.6 ms',
      '250 ms',
      '1.50 s',
    ])
    expect(cleanFilter({ status: [], contact: '  ', text: ' x ', from: Number.NaN, to: 5 })).toEqual({
      text: 'x',
      to: 5,
    })
  })
})
