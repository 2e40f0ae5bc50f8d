import { describe, expect, it } from 'vitest'
import { NODE_DEFINITIONS } from '../nodes/registry'
import { ASHA, buildFlow, testDeps } from './testing/fixtures'
import { resumeRun, startRun } from './machine'
import { messageKind, sentMessages } from './sent'

const manual = { kind: 'manual' } as const
const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    { type: 'message', name: 'hi', config: { text: 'Hi' } },
    { type: 'question', name: 'ask', config: { prompt: 'Your age?', saveTo: 'age', answerType: 'number' } },
    { type: 'message', name: 'broken', config: { text: '   ' } },
  ],
  [
    ['trigger_1', 'out', 'hi'],
    ['hi', 'out', 'ask'],
    ['ask', 'out', 'broken'],
  ],
)

describe('sent message ids', () => {
  it('each step names the messages it sent, in order, under ids unique to the run; failed and silent steps none', async () => {
    const { deps } = testDeps()
    const first = await startRun(flow, { contact: ASHA, trigger: manual }, deps)
    expect(first.trace.map((t) => [t.nodeName, t.messageIds.length])).toEqual([
      ['trigger_1', 0],
      ['hi', 1],
      ['ask', 1],
    ])
    const retry = await resumeRun(flow, first.state, { type: 'text', text: 'old' }, ASHA, deps)
    const last = await resumeRun(flow, retry.state, { type: 'text', text: '40' }, ASHA, deps)
    expect(last.trace.find((t) => t.nodeName === 'broken')).toMatchObject({
      error: { code: 'empty_message' },
      messageIds: [],
    })

    const all = [first, retry, last].flatMap((s) => sentMessages(s))
    expect(all.map((m) => messageKind(m.message))).toEqual(['text', 'text', 'text'])
    expect(new Set(all.map((m) => m.id)).size).toBe(3)
    expect(sentMessages(retry)[0]!.message).toEqual(retry.messages[0])
    for (const s of [first, retry, last])
      for (const t of s.trace) for (const id of t.messageIds) expect(id.startsWith(`${first.state.id}:`)).toBe(true)
  })

  it('gives the same ids when the same run is replayed', async () => {
    const a = await startRun(flow, { contact: ASHA, trigger: manual, runId: 'run_x' }, testDeps().deps)
    const b = await startRun(flow, { contact: ASHA, trigger: manual, runId: 'run_x' }, testDeps().deps)
    expect(a.trace.map((t) => t.messageIds)).toEqual(b.trace.map((t) => t.messageIds))
  })

  it('refuses a message kind the node type does not declare: the node fails and nothing is sent', async () => {
    const { deps } = testDeps()
    const silentMessage = { ...NODE_DEFINITIONS.message, sends: [] }
    const catalog = {
      node: (t: Parameters<typeof deps.catalog.node>[0]) => (t === 'message' ? silentMessage : deps.catalog.node(t)),
    }
    const r = await startRun(flow, { contact: ASHA, trigger: manual }, { ...deps, catalog })
    expect(r.messages).toEqual([])
    expect(r.state.error).toMatchObject({ code: 'undeclared_message', nodeName: 'hi' })
  })

  it('names interactive messages by their subtype', () => {
    expect(
      messageKind({
        type: 'interactive',
        interactive: { type: 'button', body: { text: 'x' }, action: { buttons: [] } },
      }),
    ).toBe('interactive.button')
    expect(messageKind({ type: 'text', text: { body: 'x' } })).toBe('text')
  })
})
