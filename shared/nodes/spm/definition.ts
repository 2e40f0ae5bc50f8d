import { z } from 'zod'
import { noReplyTimeWait, noReplyWithinSchema, timeoutPorts, validateNoReply } from '../no-reply'
import type { NodeDefinition, VariableSpec } from '../types'
import { maxLength, requireText } from '../../flow/checks'

export const SpmConfigSchema = z.object({
  catalogId: z.string().default('').describe('Catalogue id.'),
  productId: z.string().default('').describe('product_retailer_id of the product; takes {{ }} placeholders.'),
  body: z.string().default('').describe('Optional body, at most 1024 characters.'),
  footer: z.string().default('').describe('Optional footer, at most 60 characters.'),
  noReplyWithin: noReplyWithinSchema,
})
export type SpmConfig = z.infer<typeof SpmConfigSchema>

/** A cart sent back from a product message arrives as an order (docs/runtime.md, Inbound messages). */
export function orderVariables(): VariableSpec[] {
  return [
    { path: 'order.catalog_id', description: 'Catalogue of the cart the customer sent', type: 'string' },
    {
      path: 'order.product_items',
      description: 'Items of the cart: product_retailer_id, quantity, item_price, currency',
      type: 'array',
    },
    { path: 'order.text', description: 'Note the customer added to the cart', type: 'string' },
  ]
}

export const spmDefinition: NodeDefinition<SpmConfig> = {
  label: 'Single Product',
  description: 'Sends one product of the catalogue; the customer can add it to a cart.',
  category: 'commerce',
  configSchema: SpmConfigSchema,
  defaults: () => ({ catalogId: '', productId: '', body: '', footer: '', noReplyWithin: '' }),
  ports: (c) => [{ id: 'out', label: c.noReplyWithin.trim() ? 'Replied' : 'Next' }, ...timeoutPorts(c)],
  // Only with "no reply within": then it waits for the customer's cart or reply (spm/run-wait.ts).
  waits: (c) => !!c.noReplyWithin.trim(),
  timeWait: noReplyTimeWait,
  variables: orderVariables,
  textFields: (c) => [
    { pointer: '/productId', label: 'Product id', value: c.productId },
    { pointer: '/body', label: 'Body', value: c.body },
    { pointer: '/footer', label: 'Footer', value: c.footer },
  ],
  customerTexts: (c) => [
    { pointer: '/body', label: 'Body', value: c.body, limit: 1024, kind: 'body' },
    { pointer: '/footer', label: 'Footer', value: c.footer, limit: 60, kind: 'footer' },
  ],
  validate: (c, ctx) => [
    ...requireText(ctx, '/catalogId', c.catalogId, 'Catalogue id'),
    ...requireText(ctx, '/productId', c.productId, 'Product id'),
    ...maxLength(ctx, '/body', c.body, 1024, 'Body'),
    ...maxLength(ctx, '/footer', c.footer, 60, 'Footer'),
    ...validateNoReply(c, ctx),
  ],
  summary: (c) => (c.productId ? `Product ${c.productId}` : 'No product yet'),
}
