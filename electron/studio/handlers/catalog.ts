import { CatalogStore, InvalidProductError } from '../../services/effects/catalog-store'
import { ApiFailure } from '../../services/failure'
import type { AreaHandlers, ServiceFactory } from './types'

const catalogStore: ServiceFactory<CatalogStore> = (ctx) => new CatalogStore(ctx.db, ctx.now)

export const catalogHandlers: AreaHandlers<'catalog'> = {
  'catalog.list': (req, ctx) => ({ products: ctx.service(catalogStore).list(req.catalogId) }),
  // The product is checked by the store (not the request schema) so every problem comes back at once, each
  // with its field path, under one stable code.
  'catalog.save': (req, ctx) => {
    try {
      return { product: ctx.service(catalogStore).save(req.product) }
    } catch (err) {
      if (err instanceof InvalidProductError)
        throw new ApiFailure(
          'invalid_product',
          err.message,
          err.problems.map((message) => ({ path: ['product'], message })),
        )
      throw err
    }
  },
  'catalog.delete': (req, ctx) => ({ deleted: ctx.service(catalogStore).delete(req.catalogId, req.id) }),
}
