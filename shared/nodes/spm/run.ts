import type { NodeRunner } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import type { OutboundMessage } from '../../engine/types'
import type { SpmConfig } from './definition'
import { lookUpProduct } from './run-catalog'
import { answered, sent } from './run-wait'

// One product of the catalogue (docs/integrations.md, SPM: no header; body and footer optional). A product the
// catalogue does not hold fails the node: the channel would refuse the message.
export const spmRunner: NodeRunner<SpmConfig> = {
  async run({ config, render, effects }) {
    const catalogId = config.catalogId.trim()
    const productId = render(config.productId).trim()
    if (!productId)
      throw new NodeFailure('product_not_found', 'The product id rendered empty (its variables are unset).')
    const body = render(config.body).trim()
    const footer = render(config.footer).trim()
    if (body.length > 1024)
      throw new NodeFailure(
        'message_too_long',
        `The body is ${body.length} characters once filled; the channel allows 1024.`,
      )
    if (footer.length > 60)
      throw new NodeFailure(
        'message_too_long',
        `The footer is ${footer.length} characters once filled; the channel allows 60.`,
      )
    const product = await lookUpProduct(effects, catalogId, productId)
    if (product === null)
      throw new NodeFailure('product_not_found', `Catalogue ${catalogId} has no product '${productId}'.`)
    const message: OutboundMessage = {
      type: 'interactive',
      interactive: {
        type: 'product',
        ...(body ? { body: { text: body } } : {}),
        ...(footer ? { footer: { text: footer } } : {}),
        action: { catalog_id: catalogId, product_retailer_id: productId },
      },
    }
    const output = {
      catalog_id: catalogId,
      product_id: productId,
      checked: product !== 'unchecked',
      ...(product !== 'unchecked' ? { product } : {}),
    }
    return sent(config, effects.clock.now(), message, output)
  },
  ...answered,
}
