// Multi Product: catalogue products in sections.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import { literalProducts } from '../library-refs'
import type { NodeModule } from '../types'
import { mpmDefinition, type MpmConfig } from './definition'
import { mpmRunner } from './run'

export const mpmNode: NodeModule<'mpm', MpmConfig> = {
  type: 'mpm',
  namePrefix: 'interactive_mpm_',
  version: 1,
  migrations: [],
  ...mpmDefinition,
  runner: mpmRunner,
  sends: ['interactive.product_list'],
  library: (c) => ({
    products: literalProducts(
      c.catalogId,
      c.sections.flatMap((s) => s.productIds),
    ),
  }),
}
