// Flows whose branches need values from sources the generator once missed (issue 38): a message that quotes
// {{chat_message_id}}; a router needing a form answer and a webhook data value together, and routes on webhook data
// alone; an HTTP Call's failure split by a status other than 404 or 5xx and by a network error; a Script whose output
// is compared at a boundary.
import type { FlowDocument } from '../../flow/document'
import { buildFlow } from '../../analysis/testing/build'

const r = (left: string, operator: string, right?: string) => ({
  left,
  operator,
  ...(right !== undefined ? { right } : {}),
})

/** A keyword start whose reply quotes the message id, then a Question and a Condition. */
export function quotesMessageId(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['ref'] }],
      ['message', 'ref', { text: 'Your reference is {{chat_message_id}}.' }],
      ['question', 'ask_qty', { prompt: 'How many?', saveTo: 'qty', answerType: 'number' }],
      ['condition', 'many', { rules: [r('{{qty}}', 'greater_than', '3')] }],
      ['message', 'bulk', { text: 'Bulk order for {{chat_message_id}}.' }],
      ['message', 'few', { text: 'Small order.' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'ref'],
      ['ref', 'out', 'ask_qty'],
      ['ask_qty', 'out', 'many'],
      ['ask_qty', 'failure', 'end_1'],
      ['many', 'true', 'bulk'],
      ['many', 'false', 'few'],
      ['bulk', 'out', 'end_1'],
      ['few', 'out', 'end_1'],
    ],
  )
}

/** A webhook with an order total, a form, then routes that need both, and routes on webhook data alone. */
export function formAndWebhook(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { kind: 'webhook', dataFields: ['order_total', 'customer'] }],
      [
        'router',
        'by_tier',
        {
          routes: [
            { id: 'gold', name: 'Gold', join: 'and', rules: [r('{{trigger_1.data.customer.tier}}', 'equals', 'gold')] },
            {
              id: 'big',
              name: 'Big',
              join: 'and',
              rules: [r('{{trigger_1.data.order_total}}', 'greater_than', '500')],
            },
          ],
        },
      ],
      [
        'chat_flow',
        'delivery',
        {
          flowId: '77',
          body: 'How should we deliver order {{order_total}}?',
          cta: 'Choose',
          screens: [
            {
              id: 'ONE',
              title: 'Delivery',
              fields: [
                {
                  name: 'speed',
                  label: 'Speed',
                  type: 'radio',
                  required: true,
                  options: [
                    { id: 'standard', title: 'Standard' },
                    { id: 'express', title: 'Express' },
                  ],
                },
              ],
            },
          ],
          responseMapping: [{ field: 'speed', variable: 'speed' }],
        },
      ],
      [
        'router',
        'shipping',
        {
          routes: [
            {
              id: 'free_express',
              name: 'Free express',
              join: 'and',
              rules: [r('{{speed}}', 'equals', 'express'), r('{{order_total}}', 'greater_or_equal', '100')],
            },
            { id: 'paid_express', name: 'Paid express', join: 'and', rules: [r('{{speed}}', 'equals', 'express')] },
          ],
        },
      ],
      ['message', 'gold', { text: 'Gold customer.' }],
      ['message', 'big', { text: 'A big order.' }],
      ['message', 'free', { text: 'Express, on us.' }],
      ['message', 'paid', { text: 'Express costs 5.' }],
      ['message', 'standard', { text: 'Standard delivery.' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'by_tier'],
      ['by_tier', 'gold', 'gold'],
      ['by_tier', 'big', 'big'],
      ['by_tier', 'else', 'delivery'],
      ['gold', 'out', 'delivery'],
      ['big', 'out', 'delivery'],
      ['delivery', 'out', 'shipping'],
      ['shipping', 'free_express', 'free'],
      ['shipping', 'paid_express', 'paid'],
      ['shipping', 'else', 'standard'],
      ['free', 'out', 'end_1'],
      ['paid', 'out', 'end_1'],
      ['standard', 'out', 'end_1'],
    ],
    { webhookSecretRef: 'whsec_test' },
  )
}

/** An HTTP Call whose failure is told apart by status: 400, 404, 5xx, and no status at all (a network error). */
export function failureKinds(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['check'] }],
      ['http_call', 'lookup', { url: 'https://api.example/check' }],
      [
        'router',
        'why',
        {
          routes: [
            { id: 'bad', name: 'Bad request', join: 'and', rules: [r('{{lookup.status}}', 'equals', '400')] },
            { id: 'missing', name: 'Missing', join: 'and', rules: [r('{{lookup.status}}', 'equals', '404')] },
            { id: 'down', name: 'Down', join: 'and', rules: [r('{{lookup.status}}', 'greater_or_equal', '500')] },
          ],
        },
      ],
      ['message', 'ok', { text: 'All good.' }],
      ['message', 'bad', { text: 'We sent something wrong.' }],
      ['message', 'missing', { text: 'Not found.' }],
      ['message', 'down', { text: 'The service is down.' }],
      ['message', 'offline', { text: 'No answer at all ({{lookup.error.code}}).' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'lookup'],
      ['lookup', 'success', 'ok'],
      ['lookup', 'failure', 'why'],
      ['why', 'bad', 'bad'],
      ['why', 'missing', 'missing'],
      ['why', 'down', 'down'],
      ['why', 'else', 'offline'],
      ['ok', 'out', 'end_1'],
      ['bad', 'out', 'end_1'],
      ['missing', 'out', 'end_1'],
      ['down', 'out', 'end_1'],
      ['offline', 'out', 'end_1'],
    ],
  )
}

/** A Script that adds up a basket, and a Condition on its output at a threshold. */
export function scriptThreshold(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['basket'] }],
      ['question', 'ask_items', { prompt: 'How many items?', saveTo: 'items', answerType: 'number', min: 0 }],
      [
        'script',
        'total',
        {
          code: 'return { subtotal: Number(vars.items) * 10 }',
          outputs: [{ name: 'subtotal', type: 'number' }],
        },
      ],
      ['condition', 'free_delivery', { rules: [r('{{total.subtotal}}', 'greater_or_equal', '40')] }],
      ['message', 'free', { text: 'Free delivery on {{total.subtotal}}.' }],
      ['message', 'paid', { text: 'Delivery costs 3 on {{total.subtotal}}.' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'ask_items'],
      ['ask_items', 'out', 'total'],
      ['ask_items', 'failure', 'end_1'],
      ['total', 'success', 'free_delivery'],
      ['total', 'failure', 'end_1'],
      ['free_delivery', 'true', 'free'],
      ['free_delivery', 'false', 'paid'],
      ['free', 'out', 'end_1'],
      ['paid', 'out', 'end_1'],
    ],
  )
}

export const SOURCES_FLOWS: Record<string, () => FlowDocument> = {
  quotesMessageId,
  formAndWebhook,
  failureKinds,
  scriptThreshold,
}
