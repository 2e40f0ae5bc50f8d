import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { startRun } from '../../engine/machine'
import type { TriggerInput } from '../../engine/types'

function flowOf(config: Record<string, unknown>, text: string) {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config },
      { type: 'message', name: 'message_1', config: { text } },
    ],
    [['trigger_1', 'out', 'message_1']],
  )
}

async function said(config: Record<string, unknown>, text: string, trigger: TriggerInput) {
  const { deps } = testDeps()
  const r = await startRun(flowOf(config, text), { contact: ASHA, trigger }, deps)
  return { body: (r.messages[0] as { text: { body: string } } | undefined)?.text.body, vars: r.state.vars }
}

describe('trigger runner', () => {
  it('keyword: the keyword and message under the trigger name, and {{initial_message}}', async () => {
    const r = await said(
      { kind: 'keyword', keywords: ['menu'] },
      '{{trigger_1.keyword}}|{{trigger_1.message}}|{{initial_message}}',
      {
        kind: 'keyword',
        keyword: 'menu',
        message: { type: 'text', text: 'Menu please' },
      },
    )
    expect(r.body).toBe('menu|Menu please|Menu please')
  })

  it('button click: extracts the payload after the prefix into the target variable', async () => {
    const r = await said(
      { kind: 'button_click', payloadPrefix: 'order_', targetVariable: 'order_id' },
      'Order {{order_id}} ({{trigger_1.payload}}, {{_last_button_text}})',
      {
        kind: 'button_click',
        payload: 'order_42',
        text: 'Track',
        message: { type: 'button_reply', reply: { id: 'order_42', title: 'Track' } },
      },
    )
    expect(r.body).toBe('Order 42 (order_42, Track)')
    expect(r.vars.button_id).toBe('order_42')
  })

  it('button click from a template quick reply sets _last_template_button_clicked', async () => {
    const r = await said(
      { kind: 'button_click', payloadPrefix: 'promo_', targetVariable: 'code' },
      '{{code}} {{_last_template_button_clicked}}',
      {
        kind: 'button_click',
        payload: 'promo_SAVE10',
        text: 'Get offer',
        message: { type: 'template_button', button: { payload: 'promo_SAVE10', text: 'Get offer' } },
      },
    )
    expect(r.body).toBe('SAVE10 promo_SAVE10')
  })

  it('ad click: the referral under {{trigger_1.ad.*}}', async () => {
    const r = await said(
      { kind: 'ad_click' },
      '{{trigger_1.ad.headline}} / {{trigger_1.ad.source_id}} / {{trigger_1.ad.welcome_message.text}}',
      {
        kind: 'ad_click',
        ad: { headline: 'Diwali sale', source_id: 'ad_77', source_type: 'ad', welcome_message: { text: 'Hello!' } },
        message: { type: 'text', text: 'Tell me more' },
      },
    )
    expect(r.body).toBe('Diwali sale / ad_77 / Hello!')
  })

  it('webhook: data under {{trigger_1.data}}, and every entry a variable of its own, declared or not', async () => {
    const r = await said(
      { kind: 'webhook', dataFields: ['amount'] },
      '{{trigger_1.data.name}} {{amount}} {{trigger_1.phone_number}} [{{name}}]',
      {
        kind: 'webhook',
        phone_number: '+919800000001',
        data: { name: 'Asha', amount: 250 },
      },
    )
    expect(r.body).toBe('Asha 250 +919800000001 [Asha]')
  })

  it('webhook: entries keep their JSON types; engine variables, the trigger name and non-names stay under data only', async () => {
    const data = {
      amount: 250,
      vip: true,
      order: { id: 'A1', items: [1, 2] },
      customer_phone: '+1555',
      button_id: 'x',
      trigger_1: 'no',
      'order id': 7,
    }
    const r = await said(
      { kind: 'webhook', dataFields: ['vip'] },
      '{{ {{amount}} * 2 }} {{order.id}} {{customer_phone}} {{trigger_1.data.customer_phone}}',
      {
        kind: 'webhook',
        phone_number: '+919800000001',
        data,
      },
    )
    expect(r.body).toBe('500 A1 +919800000001 +1555')
    expect(r.vars).toMatchObject({
      amount: 250,
      vip: true,
      order: { id: 'A1', items: [1, 2] },
      customer_phone: ASHA.phone,
    })
    expect(r.vars).not.toHaveProperty('button_id')
    expect(r.vars).not.toHaveProperty('order id')
    expect((r.vars.trigger_1 as { kind: string }).kind).toBe('webhook')
  })

  it("webhook: a button_id is a simulated tap, setting {{button_id}} and _last_button_* (the flow's label for it)", async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } },
        {
          type: 'interactive_message',
          name: 'pick',
          config: { body: 'Pick', buttons: [{ id: 'yes', title: 'Yes please' }] },
        },
      ],
      [['trigger_1', 'out', 'pick']],
    )
    const { deps } = testDeps()
    const hook = (button_id: string) =>
      startRun(
        flow,
        { contact: ASHA, trigger: { kind: 'webhook', phone_number: ASHA.phone, data: {}, button_id } },
        deps,
      )
    expect((await hook('yes')).state.vars).toMatchObject({
      button_id: 'yes',
      _last_button_payload: 'yes',
      _last_button_text: 'Yes please',
      trigger_1: { button_id: 'yes' },
    })
    expect((await hook('other')).state.vars).toMatchObject({
      button_id: 'other',
      _last_button_payload: 'other',
      _last_button_text: 'other',
    })
    const without = await startRun(
      flow,
      { contact: ASHA, trigger: { kind: 'webhook', phone_number: ASHA.phone, data: {} } },
      deps,
    )
    expect(without.state.vars).not.toHaveProperty('button_id')
  })

  it('manual: the operator and data', async () => {
    const r = await said({ kind: 'manual' }, 'by {{trigger_1.operator}}', { kind: 'manual', operator: 'desk' })
    expect(r.body).toBe('by desk')
  })
})
