import type { NodeUi } from '../types'

export const spmUi: NodeUi<'spm'> = {
  type: 'spm',
  icon: 'SP',
  panel: { multiline: ['/body'], labels: { '/catalogId': 'Catalogue ID', '/productId': 'Product ID' } },
}
