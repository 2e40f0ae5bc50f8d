import { describe, expect, it } from 'vitest'
import { ASHA, RAVI, buildFlow, testDeps } from './testing/fixtures'
import { closeRun, isExpired, resumeRun, startRun } from './machine'
import { MAX_NODES_PER_STEP, WINDOW_MS } from './limits'
import type { TriggerInput } from './types'

const hi: TriggerInput = { kind: 'keyword', keyword: 'hi', message: { type: 'text', text: 'Hi', id: 'wamid.1' } }

const askName = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
    { type: 'question', name: 'question_1', config: { prompt: 'Your name?', saveTo: 'name' } },
    { type: 'message', name: 'message_1', config: { text: 'Hello {{name}}, you wrote {{initial_message}}' } },
    { type: 'end', name: 'end_1' },
  ],
  [
    ['trigger_1', 'out', 'question_1'],
    ['question_1', 'out', 'message_1'],
    ['message_1', 'out', 'end_1'],
  ],
)

describe('run state machine', () => {
  it('executes until a waiting node, pauses, and resumes with the answer saved before the next node', async () => {
    const { deps } = testDeps()
    const first = await startRun(askName, { contact: ASHA, trigger: hi }, deps)
    expect(first.state.status).toBe('paused')
    expect(first.state.waiting?.nodeId).toBe('n_question_1')
    expect(first.messages).toEqual([{ type: 'text', text: { body: 'Your name?' } }])
    expect(first.trace.map((t) => [t.nodeName, t.port])).toEqual([
      ['trigger_1', 'out'],
      ['question_1', null],
    ])
    const second = await resumeRun(askName, first.state, { type: 'text', text: 'Asha' }, ASHA, deps)
    expect(second.state.status).toBe('ended')
    expect(second.state.endReason).toBe('completed')
    expect(second.messages).toEqual([{ type: 'text', text: { body: 'Hello Asha, you wrote Hi' } }])
    expect(second.trace.map((t) => [t.seq, t.nodeName, t.phase, t.port])).toEqual([
      [2, 'question_1', 'resume', 'out'],
      [3, 'message_1', 'run', 'out'],
      [4, 'end_1', 'run', null],
    ])
    expect(second.state.vars.name).toBe('Asha')
  })

  it('resumes from a JSON round trip of the state, as a host in another process would', async () => {
    const { deps } = testDeps()
    const first = await startRun(askName, { contact: ASHA, trigger: hi }, deps)
    const stored = JSON.parse(JSON.stringify(first.state))
    const second = await resumeRun(askName, stored, { type: 'text', text: 'Meera' }, ASHA, deps)
    expect(second.messages[0]).toEqual({ type: 'text', text: { body: 'Hello Meera, you wrote Hi' } })
    expect(first.state.status).toBe('paused') // the prior state is not mutated
  })

  it('refuses to resume a run that is not paused', async () => {
    const { deps } = testDeps()
    const first = await startRun(askName, { contact: ASHA, trigger: hi }, deps)
    const done = await resumeRun(askName, first.state, { type: 'text', text: 'A' }, ASHA, deps)
    await expect(resumeRun(askName, done.state, { type: 'text', text: 'B' }, ASHA, deps)).rejects.toMatchObject({
      code: 'run_not_paused',
    })
  })

  it('sets the system variables from the contact and the triggering message', async () => {
    const { deps } = testDeps()
    const r = await startRun(askName, { contact: ASHA, trigger: hi }, deps)
    expect(r.state.vars).toMatchObject({
      customer_name: 'Asha',
      customer_phone: '+919800000001',
      initial_message: 'Hi',
      chat_message_id: 'wamid.1',
      trigger_1: { kind: 'keyword', keyword: 'hi', message: 'Hi' },
    })
  })

  it('keeps the variables of two contacts in two runs apart', async () => {
    const { deps } = testDeps()
    const a = await startRun(askName, { contact: ASHA, trigger: hi }, deps)
    const b = await startRun(askName, { contact: RAVI, trigger: hi }, deps)
    const a2 = await resumeRun(askName, a.state, { type: 'text', text: 'first' }, ASHA, deps)
    const b2 = await resumeRun(askName, b.state, { type: 'text', text: 'second' }, RAVI, deps)
    expect(a2.messages[0]).toEqual({ type: 'text', text: { body: 'Hello first, you wrote Hi' } })
    expect(b2.messages[0]).toEqual({ type: 'text', text: { body: 'Hello second, you wrote Hi' } })
    expect(a2.state.vars).toMatchObject({ name: 'first', customer_name: 'Asha' })
    expect(b2.state.vars).toMatchObject({ name: 'second', customer_name: 'Ravi' })
    expect(a2.state.id).not.toBe(b2.state.id)
  })

  it('applies presets first so the system variables cannot be overwritten by them', async () => {
    const { deps } = testDeps()
    const r = await startRun(
      askName,
      { contact: ASHA, trigger: hi, presets: { plan: 'gold', customer_name: 'X' } },
      deps,
    )
    expect(r.state.vars.plan).toBe('gold')
    expect(r.state.vars.customer_name).toBe('Asha')
  })

  it('ends as completed at a port with no edge (a dead end)', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'message_1', config: { text: 'Only this' } },
      ],
      [['trigger_1', 'out', 'message_1']],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(r.state).toMatchObject({ status: 'ended', endReason: 'completed', waiting: null })
    expect(r.state.endedAt).not.toBeNull()
  })

  it('fails a flow without a trigger node', async () => {
    const flow = buildFlow([{ type: 'message', name: 'message_1', config: { text: 'x' } }], [])
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(r.state.status).toBe('failed')
    expect(r.state.error?.code).toBe('no_trigger')
  })

  it('stops a loop that never waits', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'condition', name: 'condition_1', config: { join: 'and', rules: [] } },
      ],
      [
        ['trigger_1', 'out', 'condition_1'],
        ['condition_1', 'true', 'condition_1'],
      ],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(r.state.status).toBe('failed')
    expect(r.state.error?.code).toBe('loop_limit')
    expect(r.trace).toHaveLength(MAX_NODES_PER_STEP)
  })

  it('expires a paused run after the 24-hour window and closes it without running anything', async () => {
    const { deps, advance } = testDeps()
    const r = await startRun(askName, { contact: ASHA, trigger: hi }, deps)
    const t0 = r.state.updatedAt
    expect(isExpired(r.state, t0 + WINDOW_MS - 1)).toBe(false)
    advance(WINDOW_MS)
    expect(isExpired(r.state, t0 + WINDOW_MS)).toBe(true)
    const closed = closeRun(r.state, 'expired', t0 + WINDOW_MS)
    expect(closed.state).toMatchObject({
      status: 'ended',
      endReason: 'expired',
      waiting: null,
      endedAt: t0 + WINDOW_MS,
    })
    expect(closed.messages).toEqual([])
  })
})
