import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { resumeRun, startRun } from '../../engine/machine'
import type { InboundEvent } from '../../engine/types'

const buttons = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    {
      type: 'interactive_message',
      name: 'menu',
      config: {
        mode: 'buttons',
        header: { type: 'text', text: 'Hi {{customer_name}}', mediaUrl: '' },
        body: 'Pick one',
        footer: '',
        buttons: [
          { id: 'book', title: 'Book' },
          { id: 'cancel', title: 'Cancel' },
        ],
      },
    },
    {
      type: 'message',
      name: 'booked',
      config: { text: 'Booking ({{button_id}}/{{menu.title}}/{{_last_button_text}})' },
    },
    { type: 'message', name: 'cancelled', config: { text: 'Cancelled' } },
  ],
  [
    ['trigger_1', 'out', 'menu'],
    ['menu', 'book', 'booked'],
    ['menu', 'cancel', 'cancelled'],
  ],
)

const list = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
    {
      type: 'interactive_message',
      name: 'slots',
      config: {
        mode: 'list',
        body: 'When?',
        footer: 'Times are local',
        list: {
          buttonLabel: 'Slots',
          sections: [
            { title: 'Morning', rows: [{ id: 'am9', title: '9:00', description: 'Early' }] },
            { title: 'Evening', rows: [{ id: 'pm6', title: '18:00', description: '' }] },
          ],
        },
      },
    },
    { type: 'message', name: 'chosen', config: { text: 'Row {{row_id}} {{_last_row_text}} {{_last_row_payload}}' } },
  ],
  [
    ['trigger_1', 'out', 'slots'],
    ['slots', 'am9', 'chosen'],
    ['slots', 'pm6', 'chosen'],
  ],
)

const manual = { kind: 'manual' } as const
const tap = (id: string, title: string): InboundEvent => ({ type: 'button_reply', reply: { id, title } })

describe('interactive message runner: buttons', () => {
  it('sends reply buttons in the channel shape and waits', async () => {
    const { deps } = testDeps()
    const r = await startRun(buttons, { contact: ASHA, trigger: manual }, deps)
    expect(r.state.status).toBe('paused')
    expect(r.messages).toEqual([
      {
        type: 'interactive',
        interactive: {
          type: 'button',
          header: { type: 'text', text: 'Hi Asha' },
          body: { text: 'Pick one' },
          action: {
            buttons: [
              { type: 'reply', reply: { id: 'book', title: 'Book' } },
              { type: 'reply', reply: { id: 'cancel', title: 'Cancel' } },
            ],
          },
        },
      },
    ])
  })

  it('follows the port of the tapped button and saves button_id and the _last_button_* variables', async () => {
    const { deps } = testDeps()
    const r = await startRun(buttons, { contact: ASHA, trigger: manual }, deps)
    const r2 = await resumeRun(buttons, r.state, tap('book', 'Book'), ASHA, deps)
    expect(r2.messages).toEqual([{ type: 'text', text: { body: 'Booking (book/Book/Book)' } }])
    expect(r2.state.vars).toMatchObject({ button_id: 'book', _last_button_payload: 'book', _last_button_text: 'Book' })
    const r3 = await resumeRun(buttons, r.state, tap('cancel', 'Cancel'), ASHA, deps)
    expect(r3.messages).toEqual([{ type: 'text', text: { body: 'Cancelled' } }])
  })

  it('takes typed text naming a button (any case) as that tap', async () => {
    const { deps } = testDeps()
    const r = await startRun(buttons, { contact: ASHA, trigger: manual }, deps)
    const r2 = await resumeRun(buttons, r.state, { type: 'text', text: ' BOOK ' }, ASHA, deps)
    expect(r2.messages).toEqual([{ type: 'text', text: { body: 'Booking (book/Book/Book)' } }])
  })

  it('re-sends the buttons and keeps waiting on other text or an unknown tap', async () => {
    const { deps } = testDeps()
    const r = await startRun(buttons, { contact: ASHA, trigger: manual }, deps)
    const r2 = await resumeRun(buttons, r.state, { type: 'text', text: 'maybe later' }, ASHA, deps)
    expect(r2.state.status).toBe('paused')
    expect(r2.messages).toEqual(r.messages)
    const r3 = await resumeRun(buttons, r2.state, tap('stale', 'Old'), ASHA, deps)
    expect(r3.state.status).toBe('paused')
    expect(r3.state.waiting?.attempts).toBe(2)
  })
})

describe('interactive message runner: list menu', () => {
  it('sends a list in the channel shape, without empty descriptions', async () => {
    const { deps } = testDeps()
    const r = await startRun(list, { contact: ASHA, trigger: manual }, deps)
    expect(r.messages[0]).toEqual({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'When?' },
        footer: { text: 'Times are local' },
        action: {
          button: 'Slots',
          sections: [
            { title: 'Morning', rows: [{ id: 'am9', title: '9:00', description: 'Early' }] },
            { title: 'Evening', rows: [{ id: 'pm6', title: '18:00' }] },
          ],
        },
      },
    })
  })

  it('follows the chosen row and saves row_id and the _last_row_* variables', async () => {
    const { deps } = testDeps()
    const r = await startRun(list, { contact: ASHA, trigger: manual }, deps)
    const r2 = await resumeRun(list, r.state, { type: 'list_reply', reply: { id: 'pm6', title: '18:00' } }, ASHA, deps)
    expect(r2.messages).toEqual([{ type: 'text', text: { body: 'Row pm6 18:00 pm6' } }])
    expect(r2.state.vars.slots).toEqual({ id: 'pm6', title: '18:00' })
  })

  it('takes a typed row title, and does not take a button tap as a row', async () => {
    const { deps } = testDeps()
    const r = await startRun(list, { contact: ASHA, trigger: manual }, deps)
    const typed = await resumeRun(list, r.state, { type: 'text', text: '9:00' }, ASHA, deps)
    expect(typed.messages).toEqual([{ type: 'text', text: { body: 'Row am9 9:00 am9' } }])
    const wrongKind = await resumeRun(list, r.state, tap('am9', '9:00'), ASHA, deps)
    expect(wrongKind.state.status).toBe('paused')
  })
})

describe('interactive message runner: headers', () => {
  it('sends a media header by link, rendered', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        {
          type: 'interactive_message',
          name: 'promo',
          config: {
            body: 'Look',
            header: { type: 'image', text: '', mediaUrl: 'https://cdn.example.com/{{sku}}.jpg' },
            buttons: [{ id: 'buy', title: 'Buy' }],
          },
        },
      ],
      [['trigger_1', 'out', 'promo']],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: manual, presets: { sku: 'a1' } }, deps)
    const m = r.messages[0]
    expect(m?.type === 'interactive' && m.interactive.type === 'button' && m.interactive.header).toEqual({
      type: 'image',
      image: { link: 'https://cdn.example.com/a1.jpg' },
    })
  })
})
