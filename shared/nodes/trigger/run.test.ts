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
    const r = await said({ kind: 'keyword', keywords: ['menu'] }, '{{trigger_1.keyword}}|{{trigger_1.message}}|{{initial_message}}', {
      kind: 'keyword',
      keyword: 'menu',
      message: { type: 'text', text: 'Menu please' },
    })
    expect(r.body).toBe('menu|Menu please|Menu please')
  })

  it('button click: extracts the payload after the prefix into the target variable', async () => {
    const r = await said({ kind: 'button_click', payloadPrefix: 'order_', targetVariable: 'order_id' }, 'Order {{order_id}} ({{trigger_1.payload}}, {{_last_button_text}})', {
      kind: 'button_click',
      payload: 'order_42',
      text: 'Track',
      message: { type: 'button_reply', reply: { id: 'order_42', title: 'Track' } },
    })
    expect(r.body).toBe('Order 42 (order_42, Track)')
    expect(r.vars.button_id).toBe('order_42')
  })

  it('button click from a template quick reply sets _last_template_button_clicked', async () => {
    const r = await said({ kind: 'button_click', payloadPrefix: 'promo_', targetVariable: 'code' }, '{{code}} {{_last_template_button_clicked}}', {
      kind: 'button_click',
      payload: 'promo_SAVE10',
      text: 'Get offer',
      message: { type: 'template_button', button: { payload: 'promo_SAVE10', text: 'Get offer' } },
    })
    expect(r.body).toBe('SAVE10 promo_SAVE10')
  })

  it('ad click: the referral under {{trigger_1.ad.*}}', async () => {
    const r = await said({ kind: 'ad_click' }, '{{trigger_1.ad.headline}} / {{trigger_1.ad.source_id}} / {{trigger_1.ad.welcome_message.text}}', {
      kind: 'ad_click',
      ad: { headline: 'Diwali sale', source_id: 'ad_77', source_type: 'ad', welcome_message: { text: 'Hello!' } },
      message: { type: 'text', text: 'Tell me more' },
    })
    expect(r.body).toBe('Diwali sale / ad_77 / Hello!')
  })

  it('webhook: data under {{trigger_1.data}}, declared data fields as variables of their own', async () => {
    const r = await said({ kind: 'webhook', dataFields: ['amount'] }, '{{trigger_1.data.name}} {{amount}} {{trigger_1.phone_number}} [{{name}}]', {
      kind: 'webhook',
      phone_number: '+919800000001',
      data: { name: 'Asha', amount: 250 },
    })
    expect(r.body).toBe('Asha 250 +919800000001 []')
  })

  it('manual: the operator and data', async () => {
    const r = await said({ kind: 'manual' }, 'by {{trigger_1.operator}}', { kind: 'manual', operator: 'desk' })
    expect(r.body).toBe('by desk')
  })
})
