import { z } from 'zod'
import { returns } from '../define'
import { CatalogProductSchema, type CatalogProduct } from '../../nodes/spm/run-catalog'

// The local product catalogue SPM and MPM send from (docs/integrations.md, "Product catalogue").
export interface CatalogProductRecord extends CatalogProduct {
  updatedAt: number
}

const ProductKeySchema = z.object({ catalogId: z.string().min(1), id: z.string().min(1) })

export const catalogCommands = {
  /** Every product, or one catalogue's. */
  'catalog.list': {
    req: z.object({ catalogId: z.string().min(1).optional() }),
    res: returns<{ products: CatalogProductRecord[] }>(),
  },
  /** Creates or replaces a product (by catalogue and id); refused with 'invalid_product' and every problem. */
  'catalog.save': { req: z.object({ product: z.unknown() }), res: returns<{ product: CatalogProductRecord }>() },
  'catalog.delete': { req: ProductKeySchema, res: returns<{ deleted: boolean }>() },
}

export { CatalogProductSchema }
