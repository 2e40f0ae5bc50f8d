// The conversation core carrying out a takeover (docs/engine.md, rules 14-17) with the real Hand over node: the node
// starts one, messages meanwhile are held for the person, a hand-back (or the node's time) resumes the run by
// `returned` with the person's variables, a Question left waiting by an API takeover waits on, a tester's start ends
// the takeover, and the sweep leaves the node's run alone while the takeover lasts.
import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../testing/fixtures'
import { WINDOW_MS } from '../limits'
import type { Contact, Handover, RunState } from '../types'
import { handleEvent, handoverChanges, sweepRun } from './handle'
import type { ConversationEvent, Handled } from './types'

const HOUR = 3_600_000
const text = (t: string): ConversationEvent => ({ kind: 'message', message: { type: 'text', text: t } })

/** help → Hand over (2 h) → "Resolved: …" → Hand over again (no time). */
const support = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['help'] } },
    {
      type: 'hand_over',
      name: 'to_person',
      config: { message: 'A person will answer you.', note: 'Refund for {{customer_name}}', returnAfter: '2h' },
    },
    { type: 'message', name: 'back', config: { text: 'Resolved: {{resolved}}' } },
    { type: 'hand_over', name: 'again', config: { note: 'second' } },
  ],
  [
    ['trigger_1', 'out', 'to_person'],
    ['to_person', 'returned', 'back'],
    ['back', 'out', 'again'],
  ],
  { id: 'f_support' },
)
const quiz = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['quiz'] } },
    { type: 'question', name: 'ask', config: { prompt: 'Your name?', saveTo: 'name' } },
    { type: 'message', name: 'hi', config: { text: 'Hi {{name}}' } },
  ],
  [
    ['trigger_1', 'out', 'ask'],
    ['ask', 'out', 'hi'],
  ],
  { id: 'f_quiz' },
)
const flows = [support, quiz]

function host() {
  const t = testDeps()
  let now = Date.UTC(2026, 0, 1, 9, 0, 0)
  const deps = { ...t.deps, effects: { ...t.deps.effects, clock: { now: () => now } } }
  const contact: Contact = { ...ASHA, handover: null }
  let run: RunState | null = null
  const send = async (event: ConversationEvent): Promise<Handled> => {
    const current = run?.status === 'paused' ? { state: run, flow: flows.find((f) => f.id === run!.flowId)! } : null
    const handled = await handleEvent({ contact, current, flows, event, now }, deps)
    const closed = handled.steps.filter((w) => w.step.state.id === run?.id).at(-1)
    if (closed) run = closed.step.state
    if (handled.ran) run = handled.ran.step.state
    for (const change of handoverChanges(handled)) contact.handover = 'start' in change ? change.start : null
    return handled
  }
  return {
    deps,
    contact,
    send,
    run: () => run!,
    advance: (ms: number) => void (now += ms),
    now: () => now,
  }
}

const bodies = (h: Handled) =>
  h.steps.flatMap((s) => s.step.messages).map((m) => (m.type === 'text' ? m.text.body : m.type))

describe('a takeover in the conversation core', () => {
  it('a Hand over node starts one: its message goes out, the run waits for the person, the host stores it', async () => {
    const h = host()
    const started = await h.send(text('help'))
    expect(bodies(started)).toEqual(['A person will answer you.'])
    const start = started.ran!.step.handover
    expect(start).toEqual({
      start: {
        id: expect.stringMatching(/^hnd_/),
        since: h.now(),
        by: 'node',
        runId: h.run().id,
        flowId: 'f_support',
        nodeId: 'n_to_person',
        until: h.now() + 2 * HOUR,
        note: 'Refund for Asha',
      },
    })
    expect(h.run().status).toBe('paused')
    expect(h.run().waiting).toMatchObject({ nodeId: 'n_to_person', customer: false, until: h.now() + 2 * HOUR })
    expect(h.contact.handover?.id).toBe((start as { start: Handover }).start.id)
  })

  it('rule 14: a keyword meanwhile starts nothing, is the customer writing, and names the takeover', async () => {
    const h = host()
    await h.send(text('help'))
    h.advance(60_000)
    const held = await h.send(text('quiz'))
    expect(held).toMatchObject({ action: 'ignored', steps: [], ran: null, inboundAt: h.now() })
    expect(held.ignored).toEqual({ reason: 'with_person', handoverId: h.contact.handover!.id })
  })

  it("rule 14: a hand-back resumes the node's run by returned with the person's variables", async () => {
    const h = host()
    await h.send(text('help'))
    const id = h.contact.handover!.id
    h.advance(30 * 60_000)
    const back = await h.send({ kind: 'handback', by: 'api', variables: { resolved: 'yes' } })
    expect(back.action).toBe('resumed')
    expect(back.handover).toEqual({ end: { handoverId: id, at: h.now(), by: 'api', variables: { resolved: 'yes' } } })
    expect(bodies(back)).toEqual(['Resolved: yes'])
    const resumed = back.ran!.step.trace[0]!
    expect(resumed).toMatchObject({ nodeName: 'to_person', phase: 'resume', port: 'returned' })
    expect(resumed.output).toMatchObject({
      handoverId: id,
      note: 'Refund for Asha',
      handover: { by: 'api', durationMs: 30 * 60_000, variables: { resolved: 'yes' } },
    })
    // The run went on to the second Hand over: the end is stored first, then the new takeover.
    const changes = handoverChanges(back)
    expect(changes.map((c) => ('start' in c ? `start ${c.start.nodeId}` : `end ${c.end.by}`))).toEqual([
      'end api',
      'start n_again',
    ])
    expect(h.contact.handover?.nodeId).toBe('n_again')
  })

  it("rule 15: the node's time ends the takeover by timeout, and a message after it is decided after that", async () => {
    const h = host()
    await h.send(text('help'))
    h.advance(2 * HOUR)
    const late = await h.send(text('quiz'))
    expect(late.handover).toMatchObject({ end: { by: 'timeout', variables: {} } })
    // The hand-back ran to the second Hand over, so the keyword is held for the next person.
    expect(bodies(late)).toEqual(['Resolved: '])
    expect(late.steps.at(-1)!.step.trace[0]).toMatchObject({ nodeName: 'to_person', port: 'returned' })
    expect(h.contact.handover?.nodeId).toBe('n_again')
  })

  it('rule 15: a wake at the time resumes by returned', async () => {
    const h = host()
    await h.send(text('help'))
    h.advance(HOUR)
    expect(await h.send({ kind: 'wake' })).toMatchObject({ action: 'ignored', ignored: { reason: 'with_person' } })
    h.advance(HOUR)
    const woke = await h.send({ kind: 'wake' })
    expect(woke).toMatchObject({ action: 'resumed', handover: { end: { by: 'timeout' } } })
  })

  it('a takeover while a Question waits: the answer is held, the hand-back leaves the Question waiting, then it answers', async () => {
    const h = host()
    await h.send(text('quiz'))
    const asked = h.run()
    const taken = await h.send({ kind: 'takeover', by: 'studio', note: 'VIP' })
    expect(taken).toMatchObject({ action: 'handover', steps: [], ran: null })
    expect(taken.handover).toEqual({
      start: {
        id: expect.stringMatching(/^hnd_/),
        since: h.now(),
        by: 'studio',
        runId: null,
        flowId: null,
        nodeId: null,
        until: null,
        note: 'VIP',
      },
    })
    expect(await h.send({ kind: 'takeover', by: 'api' })).toMatchObject({
      action: 'ignored',
      ignored: { reason: 'already_with_person' },
    })
    expect((await h.send(text('Asha'))).ignored?.reason).toBe('with_person')
    const back = await h.send({ kind: 'handback', by: 'studio', variables: { x: 1 } })
    expect(back).toMatchObject({ action: 'handover', steps: [], ran: null, handover: { end: { by: 'studio' } } })
    expect(h.run()).toEqual(asked)
    expect(bodies(await h.send(text('Asha')))).toEqual(['Hi Asha'])
    expect(await h.send({ kind: 'handback', by: 'api' })).toMatchObject({ ignored: { reason: 'not_with_person' } })
  })

  it("rule 16: a tester's start ends the takeover and starts; a webhook start is refused", async () => {
    const h = host()
    await h.send(text('help'))
    const hook = await h.send({
      kind: 'start',
      flow: quiz,
      trigger: { kind: 'webhook', phone_number: ASHA.phone, data: {} },
    })
    expect(hook).toMatchObject({ action: 'ignored', ignored: { reason: 'with_person' } })
    const restart = await h.send({
      kind: 'start',
      flow: quiz,
      trigger: { message: { type: 'text', text: 'quiz' } },
      tester: true,
    })
    expect(restart.action).toBe('started')
    expect(restart.handover).toMatchObject({ end: { by: 'studio' } })
    expect(restart.steps.map((s) => s.step.state.endReason ?? s.step.state.status)).toEqual(['superseded', 'paused'])
  })

  it("rule 17: the sweep leaves the Hand over node's run past the 24-hour window while the takeover lasts", async () => {
    const h = host()
    await h.send({
      kind: 'start',
      flow: buildFlow(
        [
          { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['x'] } },
          { type: 'hand_over', name: 'to_person', config: {} },
        ],
        [['trigger_1', 'out', 'to_person']],
        { id: 'f_support' },
      ),
      trigger: { message: { type: 'text', text: 'x' } },
      tester: true,
    })
    expect(h.contact.handover?.until).toBeNull()
    const input = { contact: h.contact, current: { state: h.run(), flow: support }, now: h.now() + 2 * WINDOW_MS }
    expect(sweepRun(input, h.deps.catalog).steps).toEqual([])
    expect(sweepRun({ ...input, contact: { ...h.contact, handover: null } }, h.deps.catalog).steps).toHaveLength(1)
  })
})
