import type { NodeUi } from '../types'

export const spmUi: NodeUi = {
  icon: '🛍️',
  panel: { multiline: ['/body'], labels: { '/catalogId': 'Catalogue ID', '/productId': 'Product ID' } },
}
