import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../../shared/flow/document'

// The template and flow the broadcast tests and benchmark send: a MARKETING template `promo` ("Hi {{1}}", or a body
// without parameters) and a manual-trigger flow whose one Template Message fills it (by default with the recipient's
// `code` variable).

export function promoTemplate(body = 'Hi {{1}}') {
  return { name: 'promo', language: 'en', category: 'MARKETING', header: { type: 'none' }, body, buttons: [] }
}

export const PROMO_TEMPLATE = promoTemplate()

export function promoFlow(id: string, name: string, bodyParams = ['{{trigger_1.data.code}}']): FlowDocument {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'template_message',
        name: 'tpl_1',
        config: { templateName: 'promo', language: 'en', bodyParams },
      },
    ],
    [['trigger_1', 'out', 'tpl_1']],
    { id, name },
  )
}
