import type { NodeUi } from '../types'

export const spmUi: NodeUi = {
  icon: 'SP',
  panel: { multiline: ['/body'], labels: { '/catalogId': 'Catalogue ID', '/productId': 'Product ID' } },
}
