import { Package } from 'lucide-react'
import type { NodeUi } from '../types'

export const spmUi: NodeUi<'spm'> = {
  type: 'spm',
  icon: Package,
  panel: { multiline: ['/body'], labels: { '/catalogId': 'Catalogue ID', '/productId': 'Product ID' } },
}
