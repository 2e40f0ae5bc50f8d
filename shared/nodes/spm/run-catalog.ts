// A product of the local catalogue (docs/integrations.md, "Product catalogue"), shared by the store, the
// commands and the SPM/MPM runners, which look products up through the catalogue effect.
import { z } from 'zod'
import { EffectUnavailableError, type Effects } from '../../engine/effects'

export const CatalogProductSchema = z.object({
  catalogId: z
    .string()
    .trim()
    .min(1, 'needs a catalogue id')
    .max(64)
    .describe('Catalogue id, as the channel knows it.'),
  id: z
    .string()
    .trim()
    .min(1, 'needs a product id')
    .max(100)
    .regex(/^[^\s{}]+$/, 'may not hold spaces or braces')
    .describe('product_retailer_id: the id a message and an order name the product by.'),
  name: z.string().trim().min(1, 'needs a name').max(200),
  description: z.string().max(5000).default(''),
  price: z.number().nonnegative().finite().describe('Unit price in the currency, e.g. 12.5.'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'must be a three-letter ISO 4217 code such as EUR'),
  image: z
    .string()
    .default('')
    .refine((s) => s === '' || /^https?:\/\/\S+$/.test(s), 'must be an http(s) link')
    .describe('Link of the product image; empty for none.'),
})
export type CatalogProduct = z.infer<typeof CatalogProductSchema>

/**
 * The product, null when the catalogue does not have it, or 'unchecked' when the host has no catalogue (a
 * conversation test): the message then goes out as written, as the channel would send it.
 */
export async function lookUpProduct(
  effects: Effects,
  catalogId: string,
  productId: string,
): Promise<Record<string, unknown> | null | 'unchecked'> {
  try {
    return await effects.catalogue.product(catalogId, productId)
  } catch (err) {
    if (err instanceof EffectUnavailableError) return 'unchecked'
    throw err
  }
}
