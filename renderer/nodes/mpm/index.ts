import type { NodeUi } from '../types'

export const mpmUi: NodeUi<'mpm'> = {
  type: 'mpm',
  icon: 'MP',
  panel: { multiline: ['/body'], labels: { '/catalogId': 'Catalogue ID', '/sections/*/productIds': 'Product IDs', '/sections/*/productIds/*': 'Product ID' } },
}
