import type { NodeRunner } from '../../engine/runner'
import type { TriggerInput, Vars } from '../../engine/types'
import type { TriggerConfig } from './definition'

// The start of every run: turns how the run started into variables under the trigger node's name
// ({{trigger_1.keyword}}, {{trigger_1.ad.headline}}, {{trigger_1.data.amount}}), plus the top-level variables its
// config asks for (the button-click extraction target, the webhook's declared data fields).
export const triggerRunner: NodeRunner<TriggerConfig> = {
  run({ config, trigger }) {
    return { kind: 'next', port: 'out', output: triggerOutput(trigger), vars: topLevelVars(config, trigger) }
  },
}

export function triggerOutput(trigger: TriggerInput): Vars {
  switch (trigger.kind) {
    case 'keyword':
      return { kind: 'keyword', keyword: trigger.keyword, message: trigger.message.text }
    case 'button_click':
      return { kind: 'button_click', payload: trigger.payload, text: trigger.text }
    case 'ad_click':
      return { kind: 'ad_click', ad: { ...trigger.ad }, message: messageText(trigger) }
    case 'webhook':
      return {
        kind: 'webhook',
        phone_number: trigger.phone_number,
        data: trigger.data,
        message_text: trigger.message_text ?? '',
        button_id: trigger.button_id ?? '',
      }
    case 'manual':
      return { kind: 'manual', operator: trigger.operator ?? '', data: trigger.data ?? {} }
  }
}

function messageText(trigger: TriggerInput & { kind: 'ad_click' }): string {
  return trigger.message.type === 'text' ? trigger.message.text : ''
}

function topLevelVars(config: TriggerConfig, trigger: TriggerInput): Vars {
  const out: Vars = {}
  if (trigger.kind === 'button_click') {
    const target = config.targetVariable.trim()
    if (target && trigger.payload.startsWith(config.payloadPrefix)) out[target] = trigger.payload.slice(config.payloadPrefix.length)
  }
  if (trigger.kind === 'webhook' || trigger.kind === 'manual') {
    const data = trigger.data ?? {}
    for (const field of config.dataFields) if (Object.prototype.hasOwnProperty.call(data, field)) out[field] = data[field]
  }
  return out
}
