import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from './testing/fixtures'
import { WINDOW_MS } from './limits'
import { resumeRun, startRun } from './machine'
import type { Contact } from './types'

const T0 = Date.UTC(2026, 0, 1, 9, 0, 0)
const manual = { kind: 'manual' } as const
const template = {
  name: 'order_update',
  language: 'en_US',
  category: 'UTILITY',
  header: { type: 'none' },
  body: 'Hi {{1}}',
  buttons: [],
}
const templatesEffect = { templates: { get: async (name: string) => (name === 'order_update' ? template : null) } }

/** Template first, then a free-form message; the free-form one can take a failure route. */
function flow(first: 'template' | 'message') {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      first === 'template'
        ? {
            type: 'template_message',
            name: 'first_1',
            config: { templateName: 'order_update', language: 'en_US', bodyParams: ['Asha'] },
          }
        : { type: 'message', name: 'first_1', config: { text: 'Hello' } },
      { type: 'question', name: 'question_1', config: { prompt: 'How can we help?', saveTo: 'answer' } },
      { type: 'message', name: 'message_2', config: { text: 'Thanks: {{answer}}' } },
    ],
    [
      ['trigger_1', 'out', 'first_1'],
      ['first_1', 'out', 'question_1'],
      ['question_1', 'out', 'message_2'],
    ],
  )
}

const deps = (serviceWindow: boolean) => {
  const d = testDeps({ now: T0, effects: templatesEffect })
  return { ...d, deps: { ...d.deps, serviceWindow } }
}
const contact = (over: Partial<Contact>): Contact => ({ ...ASHA, optedIn: true, lastInboundAt: null, ...over })

describe('the 24-hour service window on sends', () => {
  it('refuses a free-form message to a contact who never wrote, with outside_window, sending nothing', async () => {
    const r = await startRun(flow('message'), { contact: contact({}), trigger: manual }, deps(true).deps)
    expect(r.state.status).toBe('failed')
    expect(r.state.error).toMatchObject({ code: 'outside_window', nodeName: 'first_1' })
    expect(r.state.error!.message).toMatch(/24 hours.*only a template/)
    expect(r.messages).toEqual([])
  })

  it('sends the same message while the window is open, and refuses it one millisecond after it closes', async () => {
    const open = await startRun(
      flow('message'),
      { contact: contact({ lastInboundAt: T0 - WINDOW_MS + 1 }), trigger: manual },
      deps(true).deps,
    )
    expect(open.messages[0]).toEqual({ type: 'text', text: { body: 'Hello' } })
    const closed = await startRun(
      flow('message'),
      { contact: contact({ lastInboundAt: T0 - WINDOW_MS }), trigger: manual },
      deps(true).deps,
    )
    expect(closed.state.error?.code).toBe('outside_window')
  })

  it('allows a template outside the window, then free-form once the customer answers it', async () => {
    const d = deps(true)
    const c = contact({})
    const r = await startRun(flow('template'), { contact: c, trigger: manual }, d.deps)
    // The Question after the template is free-form and the window is still closed: it fails there.
    expect(r.messages.map((m) => m.type)).toEqual(['template'])
    expect(r.state.error).toMatchObject({ code: 'outside_window', nodeName: 'question_1' })
  })

  it('a reply inside a run the customer started is never refused, opted out or not', async () => {
    const f = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
        { type: 'question', name: 'question_1', config: { prompt: 'Name?', saveTo: 'answer' } },
        { type: 'message', name: 'message_2', config: { text: 'Thanks {{answer}}' } },
      ],
      [
        ['trigger_1', 'out', 'question_1'],
        ['question_1', 'out', 'message_2'],
      ],
    )
    const d = deps(true)
    const c = contact({ optedIn: false })
    const trigger = { kind: 'keyword', keyword: 'hi', message: { type: 'text', text: 'hi' } } as const
    const r = await startRun(f, { contact: c, trigger }, d.deps)
    expect(r.state.status).toBe('paused')
    const back = await resumeRun(f, r.state, { type: 'text', text: 'Asha' }, c, d.deps)
    expect(back.messages).toEqual([{ type: 'text', text: { body: 'Thanks Asha' } }])
  })

  it('sends nothing business-initiated to an opted-out contact, not even a template', async () => {
    const r = await startRun(
      flow('template'),
      { contact: contact({ optedIn: false }), trigger: manual },
      deps(true).deps,
    )
    expect(r.state.error).toMatchObject({ code: 'opted_out', nodeName: 'first_1' })
    expect(r.messages).toEqual([])
  })

  it('is off unless the host asks for it', async () => {
    const r = await startRun(flow('message'), { contact: contact({}), trigger: manual }, deps(false).deps)
    expect(r.messages[0]).toEqual({ type: 'text', text: { body: 'Hello' } })
  })
})
