// Flows the generator's tests explore, written like the kinds the product's owners keep for trying it: list menus
// into nested routers with AND/OR rules, HTTP lookups with failure paths and rules on the response, forms with a
// mapping, scripts whose outputs decide, button payloads with the part after the prefix extracted, webhook data and
// contact rules, arithmetic and length() on answers.
import type { FlowDocument } from '../../flow/document'
import { buildFlow } from '../../analysis/testing/build'

const r = (left: string, operator: string, right?: string) => ({
  left,
  operator,
  ...(right !== undefined ? { right } : {}),
})

/** A list menu into a router, whose routes lead on to a second router reading an answer and the menu's row. */
export function nestedMenu(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['menu', 'help'], matchMode: 'contains' }],
      [
        'interactive_message',
        'main_menu',
        {
          mode: 'list',
          body: 'How can we help?',
          list: {
            buttonLabel: 'Options',
            sections: [
              {
                title: 'Orders',
                rows: [
                  { id: 'ord_track', title: 'Track order' },
                  { id: 'ord_return', title: 'Return' },
                ],
              },
              {
                title: 'Account',
                rows: [
                  { id: 'acc_plan', title: 'My plan' },
                  { id: 'acc_close', title: 'Close account' },
                  { id: 'other', title: 'Something else' },
                ],
              },
            ],
          },
        },
      ],
      [
        'router',
        'by_topic',
        {
          routes: [
            { id: 'orders', name: 'Orders', join: 'or', rules: [r('{{row_id}}', 'starts_with', 'ord_')] },
            {
              id: 'account',
              name: 'Account',
              join: 'and',
              rules: [
                r('{{main_menu.id}}', 'starts_with', 'acc_'),
                r('{{_last_row_text}}', 'not_equals', 'Close account'),
              ],
            },
          ],
        },
      ],
      [
        'question',
        'ask_spend',
        { prompt: 'How much did you spend last month?', saveTo: 'spend', answerType: 'number', min: 0, max: 100000 },
      ],
      [
        'router',
        'by_value',
        {
          routes: [
            {
              id: 'vip_return',
              name: 'VIP return',
              join: 'and',
              rules: [r('{{spend}}', 'greater_or_equal', '500'), r('{{row_id}}', 'equals', 'ord_return')],
            },
            {
              id: 'big',
              name: 'Big spender',
              join: 'or',
              rules: [r('{{ {{spend}} * 12 }}', 'greater_than', '3000'), r('{{spend}}', 'equals', '250')],
            },
          ],
        },
      ],
      ['message', 'vip', { text: 'A VIP return for {{spend}}.' }],
      ['message', 'big', { text: 'Thanks for being a big spender ({{spend}}).' }],
      ['message', 'regular', { text: 'Noted: {{spend}}.' }],
      ['message', 'account', { text: 'Your plan is active.' }],
      ['message', 'other', { text: 'A person will write to you.' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'main_menu'],
      ['main_menu', 'ord_track', 'by_topic'],
      ['main_menu', 'ord_return', 'by_topic'],
      ['main_menu', 'acc_plan', 'by_topic'],
      ['main_menu', 'acc_close', 'by_topic'],
      ['main_menu', 'other', 'by_topic'],
      ['by_topic', 'orders', 'ask_spend'],
      ['by_topic', 'account', 'account'],
      ['by_topic', 'else', 'other'],
      ['ask_spend', 'out', 'by_value'],
      ['ask_spend', 'failure', 'end_1'],
      ['by_value', 'vip_return', 'vip'],
      ['by_value', 'big', 'big'],
      ['by_value', 'else', 'regular'],
      ['vip', 'out', 'end_1'],
      ['big', 'out', 'end_1'],
      ['regular', 'out', 'end_1'],
      ['account', 'out', 'end_1'],
      ['other', 'out', 'end_1'],
    ],
  )
}

/** An HTTP lookup: rules on the response body (shaped from the sample), a saved variable, and its failure path. */
export function lookup(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['status'] }],
      [
        'question',
        'ask_id',
        { prompt: 'Order number?', saveTo: 'order_id', answerType: 'regex', pattern: '[A-Z]{2}-[0-9]{4}' },
      ],
      [
        'http_call',
        'fetch_order',
        {
          url: 'https://shop.example/orders/{{order_id}}',
          saveAs: [{ variable: 'order_total', path: 'result.total' }],
        },
      ],
      [
        'router',
        'by_state',
        {
          routes: [
            {
              id: 'late',
              name: 'Late',
              join: 'and',
              rules: [
                r('{{fetch_order.result.state}}', 'equals', 'shipped'),
                r('{{fetch_order.result.days}}', 'greater_than', '5'),
              ],
            },
            {
              id: 'shipped',
              name: 'Shipped',
              join: 'and',
              rules: [r('{{fetch_order.result.state}}', 'equals', 'shipped')],
            },
            { id: 'pricey', name: 'Pricey', join: 'and', rules: [r('{{order_total}}', 'greater_or_equal', '1000')] },
          ],
        },
      ],
      ['condition', 'not_found', { rules: [r('{{fetch_order.status}}', 'equals', '404')] }],
      ['message', 'late', { text: 'Sorry, {{order_id}} is late.' }],
      ['message', 'shipped', { text: '{{order_id}} is on its way.' }],
      ['message', 'pricey', { text: 'A big order: {{order_total}}.' }],
      ['message', 'waiting', { text: '{{order_id}} is {{fetch_order.result.state}}.' }],
      ['message', 'unknown', { text: 'No order {{order_id}}.' }],
      ['message', 'down', { text: 'The shop is down ({{fetch_order.error.message}}).' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'ask_id'],
      ['ask_id', 'out', 'fetch_order'],
      ['ask_id', 'failure', 'end_1'],
      ['fetch_order', 'success', 'by_state'],
      ['fetch_order', 'failure', 'not_found'],
      ['by_state', 'late', 'late'],
      ['by_state', 'shipped', 'shipped'],
      ['by_state', 'pricey', 'pricey'],
      ['by_state', 'else', 'waiting'],
      ['not_found', 'true', 'unknown'],
      ['not_found', 'false', 'down'],
      ['late', 'out', 'end_1'],
      ['shipped', 'out', 'end_1'],
      ['pricey', 'out', 'end_1'],
      ['waiting', 'out', 'end_1'],
      ['unknown', 'out', 'end_1'],
      ['down', 'out', 'end_1'],
    ],
    {
      samples: {
        fetch_order: {
          status: 200,
          ok: true,
          headers: {},
          duration_ms: 20,
          result: { id: 'AB-1234', state: 'packing', days: 1, total: 40 },
        },
      },
    },
  )
}

/** A form with a mapping, then a condition on two mapped fields and a router on a third. */
export function survey(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { kind: 'webhook', dataFields: ['visit_id'] }],
      [
        'chat_flow',
        'survey',
        {
          flowId: '123',
          body: 'Tell us about visit {{visit_id}}',
          cta: 'Start',
          screens: [
            {
              id: 'ONE',
              title: 'Visit',
              fields: [
                {
                  name: 'score',
                  label: 'Score',
                  type: 'radio',
                  required: true,
                  options: [
                    { id: '1', title: 'Bad' },
                    { id: '3', title: 'Fine' },
                    { id: '5', title: 'Great' },
                  ],
                },
                { name: 'again', label: 'Come again', type: 'opt_in' },
                { name: 'note', label: 'Note', type: 'text' },
              ],
            },
          ],
          responseMapping: [
            { field: 'score', variable: 'score' },
            { field: 'again', variable: 'again' },
          ],
        },
      ],
      [
        'condition',
        'churn_risk',
        { join: 'and', rules: [r('{{score}}', 'less_than', '3'), r('{{again}}', 'equals', 'false')] },
      ],
      [
        'router',
        'note_kind',
        {
          routes: [
            {
              id: 'complaint',
              name: 'Complaint',
              join: 'or',
              rules: [
                r('{{survey.response.note}}', 'contains', 'REFUND'),
                r('{{ length({{survey.response.note}}) }}', 'greater_than', '40'),
              ],
            },
          ],
        },
      ],
      ['message', 'call', { text: 'We will call you.' }],
      ['message', 'complaint', { text: 'We read your note.' }],
      ['message', 'thanks', { text: 'Thanks!' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'survey'],
      ['survey', 'out', 'churn_risk'],
      ['churn_risk', 'true', 'call'],
      ['churn_risk', 'false', 'note_kind'],
      ['note_kind', 'complaint', 'complaint'],
      ['note_kind', 'else', 'thanks'],
      ['call', 'out', 'end_1'],
      ['complaint', 'out', 'end_1'],
      ['thanks', 'out', 'end_1'],
    ],
    { webhookSecretRef: 'whsec_test' },
  )
}

/** A button-click trigger extracting the part after its prefix, a script, and rules on both and on the contact. */
export function payloadScript(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { kind: 'button_click', payloadPrefix: 'plan_', targetVariable: 'plan' }],
      [
        'condition',
        'is_gold',
        {
          join: 'or',
          rules: [r('{{plan}}', 'equals', 'gold'), r('{{ toLowerCase({{plan}}) }}', 'equals', 'platinum')],
        },
      ],
      [
        'script',
        'price',
        {
          code: 'return { total: input.base * 2, band: input.base > 10 ? "high" : "low" }',
          inputs: [{ name: 'base', value: '5' }],
          outputs: [
            { name: 'total', type: 'number' },
            { name: 'band', type: 'string' },
          ],
        },
      ],
      [
        'router',
        'by_band',
        {
          routes: [
            {
              id: 'high',
              name: 'High',
              join: 'and',
              rules: [r('{{price.band}}', 'equals', 'high'), r('{{price.total}}', 'greater_than', '100')],
            },
            { id: 'india', name: 'India', join: 'and', rules: [r('{{customer_phone}}', 'starts_with', '+91')] },
          ],
        },
      ],
      ['message', 'gold', { text: 'Gold plan {{plan}}.' }],
      ['message', 'high', { text: 'High band: {{price.total}}.' }],
      ['message', 'india', { text: 'Namaste {{customer_name}}.' }],
      ['message', 'low', { text: 'Total {{price.total}}.' }],
      ['message', 'broken', { text: 'Could not price it.' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'is_gold'],
      ['is_gold', 'true', 'gold'],
      ['is_gold', 'false', 'price'],
      ['price', 'success', 'by_band'],
      ['price', 'failure', 'broken'],
      ['by_band', 'high', 'high'],
      ['by_band', 'india', 'india'],
      ['by_band', 'else', 'low'],
      ['gold', 'out', 'end_1'],
      ['high', 'out', 'end_1'],
      ['india', 'out', 'end_1'],
      ['low', 'out', 'end_1'],
      ['broken', 'out', 'end_1'],
    ],
  )
}

/** A keyword flow whose first message and a typed answer decide: contains in any case, ends with, is empty. */
export function keywordRules(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['support'], matchMode: 'contains' }],
      ['condition', 'urgent', { rules: [r('{{initial_message}}', 'contains', 'URGENT')] }],
      ['question', 'ask_email', { prompt: 'Your email?', saveTo: 'email', answerType: 'email' }],
      [
        'router',
        'by_domain',
        {
          routes: [
            { id: 'staff', name: 'Staff', join: 'and', rules: [r('{{email}}', 'ends_with', '@acme.com')] },
            { id: 'short', name: 'Short', join: 'and', rules: [r('{{ length({{email}}) }}', 'less_than', '10')] },
          ],
        },
      ],
      ['message', 'rush', { text: 'On it right away.' }],
      ['message', 'staff', { text: 'Hello colleague.' }],
      ['message', 'short', { text: 'Short address.' }],
      ['message', 'other', { text: 'We will reply to {{email}}.' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'urgent'],
      ['urgent', 'true', 'rush'],
      ['urgent', 'false', 'ask_email'],
      ['rush', 'out', 'end_1'],
      ['ask_email', 'out', 'by_domain'],
      ['ask_email', 'failure', 'end_1'],
      ['by_domain', 'staff', 'staff'],
      ['by_domain', 'short', 'short'],
      ['by_domain', 'else', 'other'],
      ['staff', 'out', 'end_1'],
      ['short', 'out', 'end_1'],
      ['other', 'out', 'end_1'],
    ],
  )
}

/** A product list, then a question the customer may answer with an order from the list. */
export function cart(): FlowDocument {
  return buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['shop'] }],
      [
        'mpm',
        'teas',
        {
          body: 'Our teas',
          header: 'Teas',
          catalogId: '1184729301',
          sections: [{ title: 'Green', productIds: ['TEA-SENCHA-100', 'TEA-MATCHA-30'] }],
        },
      ],
      ['question', 'wait_cart', { prompt: 'Send your cart when ready, or tell us what you need.', saveTo: 'note' }],
      ['condition', 'has_order', { rules: [r('{{order.catalog_id}}', 'is_not_empty')] }],
      ['message', 'confirm', { text: 'Thanks for your order of {{ length({{order.product_items}}) }} items.' }],
      ['message', 'noted', { text: 'Noted: {{note}}' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'teas'],
      ['teas', 'out', 'wait_cart'],
      ['wait_cart', 'out', 'has_order'],
      ['wait_cart', 'failure', 'end_1'],
      ['has_order', 'true', 'confirm'],
      ['has_order', 'false', 'noted'],
      ['confirm', 'out', 'end_1'],
      ['noted', 'out', 'end_1'],
    ],
  )
}

export const HELD_OUT_LIKE: Record<string, () => FlowDocument> = {
  nestedMenu,
  lookup,
  survey,
  payloadScript,
  keywordRules,
  cart,
}
