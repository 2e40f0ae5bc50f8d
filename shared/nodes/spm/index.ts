// Single Product: one catalogue product.
// The node type's module: shared/nodes/modules.ts lists it, and everything else reads the type from there.
import { literalProducts } from '../library-refs'
import type { NodeModule } from '../types'
import { spmDefinition, type SpmConfig } from './definition'
import { spmRunner } from './run'

export const spmNode: NodeModule<'spm', SpmConfig> = {
  type: 'spm',
  namePrefix: 'interactive_spm_',
  version: 1,
  migrations: [],
  ...spmDefinition,
  runner: spmRunner,
  sends: ['interactive.product'],
  library: (c) => ({ products: literalProducts(c.catalogId, [c.productId]) }),
}
