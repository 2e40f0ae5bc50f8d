// The conversation core carrying out waits on time: a wake resumes a due run exactly once, a reply before the time
// is an answer, one at or after it first has the wake carried out, and a message a wake sends outside the
// customer's 24-hour window fails its node. The node that waits is a test-only type (testing/snooze.ts): the engine
// knows no node type by name.
import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../testing/fixtures'
import { snoozeCatalog, withSnooze } from '../testing/snooze'
import { WINDOW_MS } from '../limits'
import { dueAt } from '../machine'
import type { RunState } from '../types'
import { handleEvent, sweepRun, wakeRun } from './handle'

const HOUR = 3_600_000
const hook = { kind: 'start' as const, trigger: { kind: 'webhook' as const, phone_number: ASHA.phone, data: {} } }

function deps() {
  const d = testDeps()
  return { ...d, deps: { ...d.deps, catalog: snoozeCatalog } }
}

/** Webhook → snooze (time alone) → "Time is up" message. */
const laterAfter = (ms: number) =>
  withSnooze(
    buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } },
        { type: 'message', name: 'up', config: { text: 'Time is up' } },
      ],
      [],
      { id: 'f_later' },
    ),
    'nap',
    { ms },
    [
      ['trigger_1', 'out', 'nap'],
      ['nap', 'timeout', 'up'],
    ],
  )
const later = laterAfter(2 * HOUR)

/** Keyword → ask (the customer or 1 h) → thanks; on time → remind (a Question) → thanks. */
const ask = withSnooze(
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'question', name: 'remind', config: { prompt: 'Still there?', saveTo: 'late' } },
      { type: 'message', name: 'thanks', config: { text: 'Thanks' } },
    ],
    [['remind', 'out', 'thanks']],
    { id: 'f_ask' },
  ),
  'first',
  { ms: HOUR, customer: true, prompt: 'Your name?' },
  [
    ['trigger_1', 'out', 'first'],
    ['first', 'out', 'thanks'],
    ['first', 'timeout', 'remind'],
  ],
)

async function started(flow: typeof later, d: ReturnType<typeof deps>, event?: unknown): Promise<RunState> {
  const now = d.deps.effects.clock.now()
  const h = await handleEvent(
    {
      contact: ASHA,
      current: null,
      flows: [flow],
      event: (event ?? { ...hook, flow }) as never,
      now,
    },
    d.deps,
  )
  return h.ran!.step.state
}

describe('waiting on time', () => {
  it('a wake resumes the due run by its timeout port, exactly once; an early wake changes nothing', async () => {
    const d = deps()
    const t0 = d.deps.effects.clock.now()
    const paused = await started(later, d)
    expect(paused.status).toBe('paused')
    expect(dueAt(paused)).toBe(t0 + 2 * HOUR)
    const current = { state: paused, flow: later }
    d.advance(2 * HOUR - 1)
    expect(await wakeRun({ contact: ASHA, current, now: t0 + 2 * HOUR - 1 }, d.deps)).toMatchObject({
      action: 'ignored',
      ignored: { reason: 'nothing_due' },
      steps: [],
    })
    d.advance(1)
    const woke = await wakeRun({ contact: ASHA, current, now: t0 + 2 * HOUR }, d.deps)
    expect(woke.action).toBe('resumed')
    expect(woke.inboundAt).toBeNull()
    const step = woke.ran!.step
    expect(step.trace[0]).toMatchObject({ nodeName: 'nap', phase: 'resume', port: 'timeout' })
    expect(step.trace[0]!.input).toMatchObject({ wake: { until: new Date(t0 + 2 * HOUR).toISOString() } })
    expect(step.state.vars.nap).toEqual({
      until: new Date(t0 + 2 * HOUR).toISOString(),
      woke_at: new Date(t0 + 2 * HOUR).toISOString(),
    })
    // The host delivers the wake again (a second instance, a retry): the run it committed is not due any more.
    const again = await wakeRun(
      { contact: ASHA, current: { state: step.state, flow: later }, now: t0 + 3 * HOUR },
      d.deps,
    )
    expect(again).toMatchObject({ action: 'ignored', ignored: { reason: 'nothing_due' } })
    expect(dueAt(step.state)).toBeNull()
  })

  it('a reply before the time is the answer, and the wake that follows finds nothing due', async () => {
    const d = deps()
    const t0 = d.deps.effects.clock.now()
    const paused = await started(ask, d, { kind: 'message', message: { type: 'text', text: 'hi' } })
    d.advance(HOUR - 1)
    const reply = await handleEvent(
      {
        contact: ASHA,
        current: { state: paused, flow: ask },
        flows: [ask],
        event: { kind: 'message', message: { type: 'text', text: 'Asha' } },
        now: t0 + HOUR - 1,
      },
      d.deps,
    )
    expect(reply.steps).toHaveLength(1)
    expect(reply.ran!.step.messages).toEqual([{ type: 'text', text: { body: 'Thanks' } }])
    const wake = await wakeRun({ contact: ASHA, current: null, now: t0 + HOUR }, d.deps)
    expect(wake.ignored).toEqual({ reason: 'nothing_due' })
  })

  it('a reply in the same instant as the timeout comes after it: the wake runs first, the reply answers the reminder', async () => {
    const d = deps()
    const t0 = d.deps.effects.clock.now()
    const paused = await started(ask, d, { kind: 'message', message: { type: 'text', text: 'hi' } })
    d.advance(HOUR)
    const reply = await handleEvent(
      {
        contact: ASHA,
        current: { state: paused, flow: ask },
        flows: [ask],
        event: { kind: 'message', message: { type: 'text', text: 'Asha' } },
        now: t0 + HOUR,
      },
      d.deps,
    )
    expect(reply.action).toBe('resumed')
    expect(reply.inboundAt).toBe(t0 + HOUR)
    expect(reply.steps.map((s) => s.step.messages)).toEqual([
      [{ type: 'text', text: { body: 'Still there?' } }],
      [{ type: 'text', text: { body: 'Thanks' } }],
    ])
    expect(reply.ran!.step.state).toMatchObject({ status: 'ended', vars: { late: 'Asha' } })
    // The same instant delivered the other way round (the wake first, then the reply) ends the same.
    const d2 = deps()
    const p2 = await started(ask, d2, { kind: 'message', message: { type: 'text', text: 'hi' } })
    d2.advance(HOUR)
    const woke = await wakeRun({ contact: ASHA, current: { state: p2, flow: ask }, now: t0 + HOUR }, d2.deps)
    const then = await handleEvent(
      {
        contact: ASHA,
        current: { state: woke.ran!.step.state, flow: ask },
        flows: [ask],
        event: { kind: 'message', message: { type: 'text', text: 'Asha' } },
        now: t0 + HOUR,
      },
      d2.deps,
    )
    expect([...woke.steps, ...then.steps].map((s) => s.step.messages)).toEqual(reply.steps.map((s) => s.step.messages))
  })

  it('the sweep does not expire a run that waits on time; its wake past 24 h fails a free-form message', async () => {
    const d = deps()
    const t0 = d.deps.effects.clock.now()
    const flow = laterAfter(25 * HOUR)
    const paused = await started(flow, d)
    expect(dueAt(paused)).toBe(t0 + 25 * HOUR)
    const current = { state: paused, flow }
    expect(sweepRun({ contact: ASHA, current, now: t0 + WINDOW_MS + 1 }, d.deps.catalog).action).toBe('ignored')
    d.advance(25 * HOUR)
    // Asha wrote 2 hours after the start, and never since: 23 h before the wake, inside the window: it goes.
    const inside = await wakeRun(
      { contact: { ...ASHA, lastInboundAt: t0 + 2 * HOUR }, current, now: t0 + 25 * HOUR },
      d.deps,
    )
    expect(inside.ran!.step.messages).toEqual([{ type: 'text', text: { body: 'Time is up' } }])
    // Never wrote: the channel would refuse a free-form message (131047), so the node fails and nothing is sent.
    // No window switch is on (deps.serviceWindow is off): a step a wake drives is held to the window anyway.
    const outside = await wakeRun({ contact: ASHA, current, now: t0 + 25 * HOUR }, d.deps)
    expect(outside.ran!.step.messages).toEqual([])
    expect(outside.ran!.step.state).toMatchObject({
      status: 'failed',
      error: { code: 'outside_window', nodeName: 'up' },
    })
    expect(outside.ran!.step.state.error!.message).toContain('131047')
  })
})
