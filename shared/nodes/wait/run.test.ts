// The Wait node through the engine: it works out the instant (a duration, a time of day in the flow's or a given
// zone, an expression's date and time), moves it into business hours, and the run goes on when woken.
import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { dueAt, startRun, wakeUp } from '../../engine/machine'
import type { WaitConfig } from './definition'

const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString())

function flow(config: Partial<WaitConfig>, settings?: { timeZone: string }) {
  const f = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } },
      { type: 'wait', name: 'wait_1', config },
      { type: 'template_message', name: 'after', config: { templateName: 'hello', language: 'en' } },
      { type: 'message', name: 'bad', config: { text: 'Not a time: {{wait_1.error.message}}' } },
    ],
    [
      ['trigger_1', 'out', 'wait_1'],
      ['wait_1', 'out', 'after'],
      ['wait_1', 'failure', 'bad'],
    ],
  )
  return settings ? { ...f, settings: { locale: 'en-GB', defaultCountry: null, ...settings } } : f
}

async function dueOf(
  config: Partial<WaitConfig>,
  now: string,
  opts: { timeZone?: string; data?: Record<string, unknown> } = {},
) {
  const { deps } = testDeps({ now: Date.parse(now) })
  const f = flow(config, opts.timeZone ? { timeZone: opts.timeZone } : undefined)
  const trigger = { kind: 'webhook' as const, phone_number: ASHA.phone, data: opts.data ?? {} }
  const step = await startRun(f, { contact: ASHA, trigger, presets: opts.data }, deps)
  return { step, due: iso(dueAt(step.state)) }
}

describe('Wait', () => {
  it('waits a duration on time alone, and the wake takes `out`', async () => {
    const templates = {
      get: async () => ({
        name: 'hello',
        language: 'en',
        category: 'UTILITY',
        header: { type: 'none' },
        body: 'Hi',
        buttons: [],
      }),
    }
    const d = testDeps({ now: Date.parse('2026-03-02T08:00:00Z'), effects: { templates } })
    const f = flow({ mode: 'duration', duration: '2h 30m' })
    const step = await startRun(f, { contact: ASHA, trigger: { kind: 'manual' } }, d.deps)
    expect(step.state.status).toBe('paused')
    expect(step.state.waiting).toMatchObject({
      until: Date.parse('2026-03-02T10:30:00Z'),
      timeoutPort: 'out',
      customer: false,
    })
    expect(step.state.vars.wait_1).toEqual({ until: '2026-03-02T10:30:00.000Z' })
    d.advance(150 * 60_000)
    const woke = await wakeUp(f, step.state, { ...ASHA, lastInboundAt: null }, d.deps)
    expect(woke.trace[0]).toMatchObject({ nodeName: 'wait_1', port: 'out' })
    // A template goes outside the 24-hour window, after a wake as always.
    expect(woke.messages.map((m) => m.type)).toEqual(['template'])
    expect(woke.state.status).toBe('ended')
  })

  it('waits until tomorrow 10:00 in the flow’s zone, across the clocks going forward', async () => {
    // Saturday 28 March 2026 15:00 GMT; Sunday the 29th is BST, so 10:00 there is 09:00 UTC.
    const r = await dueOf({ mode: 'time_of_day', time: '10:00', days: 1 }, '2026-03-28T15:00:00Z', {
      timeZone: 'Europe/London',
    })
    expect(r.due).toBe('2026-03-29T09:00:00.000Z')
  })

  it('days 0: later today when the time is still ahead, else tomorrow', async () => {
    const z = { timeZone: 'Asia/Kolkata' }
    expect((await dueOf({ mode: 'time_of_day', time: '18:00', days: 0 }, '2026-05-05T06:00:00Z', z)).due).toBe(
      '2026-05-05T12:30:00.000Z',
    )
    expect((await dueOf({ mode: 'time_of_day', time: '10:00', days: 0 }, '2026-05-05T06:00:00Z', z)).due).toBe(
      '2026-05-06T04:30:00.000Z',
    )
  })

  it('reads `until` from an expression: a wall time in the zone, or an instant with its offset', async () => {
    const wall = await dueOf(
      { mode: 'until', until: '{{visit}}', timeZone: 'America/New_York' },
      '2026-03-01T00:00:00Z',
      {
        data: { visit: '2026-03-09T10:00' },
      },
    )
    expect(wall.due).toBe('2026-03-09T14:00:00.000Z') // EDT since 8 March
    const offset = await dueOf({ mode: 'until', until: '{{visit}}' }, '2026-03-01T00:00:00Z', {
      data: { visit: '2026-03-09T10:00:00+05:30' },
    })
    expect(offset.due).toBe('2026-03-09T04:30:00.000Z')
  })

  it('a time zone from an expression (the customer’s)', async () => {
    const r = await dueOf({ mode: 'time_of_day', time: '10:00', days: 1, timeZone: '{{tz}}' }, '2026-06-01T12:00:00Z', {
      data: { tz: 'Asia/Tokyo' },
    })
    expect(r.due).toBe('2026-06-02T01:00:00.000Z')
  })

  it('an instant already past goes on at once, in the same step', async () => {
    const r = await dueOf({ mode: 'until', until: '2026-01-01T00:00:00Z' }, '2026-03-01T00:00:00Z')
    expect(r.step.state.status).not.toBe('paused')
    expect(r.step.trace.find((t) => t.nodeName === 'wait_1')).toMatchObject({ port: 'out' })
  })

  it('an expression that gives no time fails the node: its failure port', async () => {
    const r = await dueOf({ mode: 'until', until: '{{visit}}' }, '2026-03-01T00:00:00Z', { data: { visit: 'soon' } })
    expect(r.step.messages).toEqual([
      {
        type: 'text',
        text: {
          body: "Not a time: 'soon' is not a date and time: expected 2026-12-01T10:00 (read in UTC), an ISO instant with its offset, or milliseconds.",
        },
      },
    ])
  })

  it('moves the instant into business hours, in the zone, across the clocks going back', async () => {
    const hours = { enabled: true, from: '09:00', to: '19:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'] as const }
    // Friday 23 October 2026, 17:00 BST + 4 h = 21:00 BST: closed → Monday 26 October 09:00 GMT (clocks went back).
    const r = await dueOf(
      { mode: 'duration', duration: '4h', openHours: { ...hours, days: [...hours.days] } },
      '2026-10-23T16:00:00Z',
      {
        timeZone: 'Europe/London',
      },
    )
    expect(r.due).toBe('2026-10-26T09:00:00.000Z')
    // Inside the hours it stays put.
    const inside = await dueOf(
      { mode: 'duration', duration: '1h', openHours: { ...hours, days: [...hours.days] } },
      '2026-10-21T10:00:00Z',
      {
        timeZone: 'Europe/London',
      },
    )
    expect(inside.due).toBe('2026-10-21T11:00:00.000Z')
  })
})
