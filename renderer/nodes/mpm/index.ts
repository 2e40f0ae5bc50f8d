import { ShoppingBag } from 'lucide-react'
import type { NodeUi } from '../types'

export const mpmUi: NodeUi<'mpm'> = {
  type: 'mpm',
  icon: ShoppingBag,
  panel: {
    multiline: ['/body'],
    labels: {
      '/catalogId': 'Catalogue ID',
      '/sections/*/productIds': 'Product IDs',
      '/sections/*/productIds/*': 'Product ID',
    },
  },
}
