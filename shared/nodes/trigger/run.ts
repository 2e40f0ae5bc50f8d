import type { NodeRunner } from '../../engine/runner'
import type { TriggerInput, Vars } from '../../engine/types'
import type { TriggerConfig } from './definition'
import { IDENTIFIER } from '../../flow/checks'
import { GLOBAL_ROOTS } from '../../flow/system-variables'

// The start of every run: turns how the run started into variables under the trigger node's name
// ({{trigger_1.keyword}}, {{trigger_1.ad.headline}}, {{trigger_1.data.amount}}), plus top-level variables: the
// button-click extraction target, and every entry of a webhook's (or operator's) `data` (docs/webhook.md).
export const triggerRunner: NodeRunner<TriggerConfig> = {
  run({ config, trigger, node }) {
    return { kind: 'next', port: 'out', output: triggerOutput(trigger), vars: topLevelVars(config, trigger, node.name) }
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

function topLevelVars(config: TriggerConfig, trigger: TriggerInput, nodeName: string): Vars {
  const out: Vars = {}
  if (trigger.kind === 'button_click') {
    const target = config.targetVariable.trim()
    if (target && trigger.payload.startsWith(config.payloadPrefix))
      out[target] = trigger.payload.slice(config.payloadPrefix.length)
  }
  if (trigger.kind === 'webhook' || trigger.kind === 'manual')
    Object.assign(out, dataVars(config, trigger.data ?? {}, nodeName))
  return out
}

/**
 * Every entry of `data` becomes the variable {{<key>}} holding its JSON value as sent (a number stays a number, an
 * object keeps its fields); the spec: "data entries become flow variables". The declared Data fields are set as
 * they always were (they are also what the editor and the checks know of). An undeclared entry never replaces a
 * variable the engine sets ({{customer_phone}}, {{button_id}}, …) nor the trigger's own output, and a key that is
 * not a variable name (`order id`) cannot be written as {{…}}: both stay readable under {{trigger_1.data.…}}.
 */
function dataVars(config: TriggerConfig, data: Vars, nodeName: string): Vars {
  const out: Vars = {}
  for (const [key, value] of Object.entries(data)) {
    if (IDENTIFIER.test(key) && !GLOBAL_ROOTS.has(key) && key !== nodeName) out[key] = value
  }
  for (const field of config.dataFields) if (Object.prototype.hasOwnProperty.call(data, field)) out[field] = data[field]
  return out
}
