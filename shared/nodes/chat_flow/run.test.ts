import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { resumeRun, startRun } from '../../engine/machine'
import { route } from '../../engine/core'
import { nodeCatalog } from '../runners'
import { checkSubmission } from './run-fields'
import type { FormField } from './definition'

const field = (f: Partial<FormField> & Pick<FormField, 'name' | 'type'>): FormField => ({
  label: f.name,
  required: false,
  options: [],
  ...f,
})
const opts = (...ids: string[]) => ids.map((id) => ({ id, title: id.toUpperCase() }))

const FIELDS: FormField[] = [
  field({ name: 'name', type: 'text', required: true }),
  field({ name: 'age', type: 'number' }),
  field({ name: 'email', type: 'email' }),
  field({ name: 'day', type: 'date' }),
  field({ name: 'size', type: 'dropdown', options: opts('s', 'm') }),
  field({ name: 'colour', type: 'radio', options: opts('red', 'blue') }),
  field({ name: 'extras', type: 'checkbox', options: opts('gift', 'note') }),
  field({ name: 'news', type: 'opt_in' }),
]

describe('form submission checks', () => {
  it('types each declared field and fills unanswered optional ones with their empty value', () => {
    const r = checkSubmission(FIELDS, {
      name: 'Asha',
      age: '31',
      extras: ['gift'],
      news: true,
      unknown: 'x',
      flow_token: 't',
    })
    expect(r.problems).toEqual([])
    expect(r.values).toEqual({
      name: 'Asha',
      age: 31,
      email: '',
      day: '',
      size: '',
      colour: '',
      extras: ['gift'],
      news: true,
    })
  })

  it.each([
    [{}, 'name is required'],
    [{ name: 'A', age: 'ten' }, 'age must be a number'],
    [{ name: 'A', email: 'a@b' }, 'email must be an email address'],
    [{ name: 'A', day: '2026-02-30' }, 'day must be a date'],
    [{ name: 'A', size: 'xl' }, 'size must be one of s, m'],
    [{ name: 'A', colour: 3 }, 'colour must be one of red, blue'],
    [{ name: 'A', extras: ['gift', 'cake'] }, 'extras has options that are not in the form: ["cake"]'],
    [{ name: 'A', news: 'yes' }, 'news must be true or false'],
    [{ name: 42 }, 'name must be text'],
  ])('refuses %j: %s', (response, problem) => {
    const r = checkSubmission(FIELDS, response)
    expect(r.problems.join('; ')).toContain(problem)
  })
})

describe('Chat Flow node in a run', () => {
  const flow = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'chat_flow',
        name: 'signup',
        config: {
          flowId: '123',
          header: 'Join',
          body: 'Hi {{customer_name}}, sign up?',
          footer: '',
          action: 'navigate',
          screens: [{ id: 'FIRST', title: 'Join', fields: FIELDS }],
          responseMapping: [
            { field: 'name', variable: 'full_name' },
            { field: 'age', variable: 'age' },
          ],
        },
      },
      { type: 'message', name: 'done', config: { text: '{{full_name}} is {{age}}' } },
    ],
    [
      ['trigger_1', 'out', 'signup'],
      ['signup', 'out', 'done'],
    ],
  )

  it('sends the channel form message with a token of its own and waits', async () => {
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(r.state.status).toBe('paused')
    const token = (r.state.waiting!.data as { flowToken: string }).flowToken
    expect(token).toMatch(/^ftok_/)
    expect(r.messages).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'flow',
          header: { type: 'text', text: 'Join' },
          body: { text: `Hi ${ASHA.name}, sign up?` },
          action: {
            name: 'flow',
            parameters: {
              flow_message_version: '3',
              flow_id: '123',
              flow_cta: 'Open form',
              flow_token: token,
              mode: 'published',
              flow_action: 'navigate',
              flow_action_payload: { screen: 'FIRST' },
            },
          },
        },
      },
    ])
  })

  it('maps the submitted fields to session variables through Response Mapping', async () => {
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const token = (r.state.waiting!.data as { flowToken: string }).flowToken
    const back = await resumeRun(
      flow,
      r.state,
      { type: 'nfm_reply', response: { name: 'Asha', age: 31, flow_token: token } },
      ASHA,
      deps,
    )
    expect(back.state.status).toBe('ended')
    expect(back.state.vars).toMatchObject({
      full_name: 'Asha',
      age: 31,
      signup: { response: { name: 'Asha', age: 31 }, flow_token: token },
    })
    expect(back.messages).toEqual([{ type: 'text', text: { body: 'Asha is 31' } }])
  })

  it("does not take another sending's submission or typed text as the answer", async () => {
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const paused = { state: r.state, flow }
    const stale = { type: 'nfm_reply' as const, response: { name: 'Old', flow_token: 'ftok_other' } }
    const event = { kind: 'message' as const, message: stale }
    expect(
      route({ contact: ASHA, current: paused, flows: [], event, now: r.state.updatedAt }, nodeCatalog).plan,
    ).toMatchObject({ action: 'resume' })
    const still = await resumeRun(flow, r.state, stale, ASHA, deps)
    expect(still.state.status).toBe('paused')
    expect(still.messages).toEqual([])
    expect(still.state.vars.full_name).toBeUndefined()
    const typed = await resumeRun(flow, still.state, { type: 'text', text: 'hello?' }, ASHA, deps)
    expect(typed.state.status).toBe('paused')
  })

  it('fails with form_invalid when the submission does not fit the form', async () => {
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const back = await resumeRun(flow, r.state, { type: 'nfm_reply', response: { age: 'old' } }, ASHA, deps)
    expect(back.state.status).toBe('failed')
    expect(back.state.error).toMatchObject({ code: 'form_invalid', nodeName: 'signup' })
    expect(back.state.error!.message).toContain('name is required; age must be a number')
  })
})
