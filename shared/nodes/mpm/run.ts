import type { NodeRunner } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import type { OutboundMessage } from '../../engine/types'
import { lookUpProduct } from '../spm/run-catalog'
import { answered, sent } from '../spm/run-wait'
import type { MpmConfig } from './definition'

// Products in sections (docs/integrations.md, MPM): text header, body, optional footer, at most 10 sections and 30
// products. As on the channel, ids the catalogue does not hold are dropped (listed in the output), a section left
// empty goes, and the node fails only when no product is left.
export const MAX_SECTIONS = 10
export const MAX_PRODUCTS = 30

export const mpmRunner: NodeRunner<MpmConfig> = {
  async run({ config, render, effects }) {
    const catalogId = config.catalogId.trim()
    const header = render(config.header).trim()
    const body = render(config.body).trim()
    const footer = render(config.footer).trim()
    if (!header)
      throw new NodeFailure('empty_message', 'The header rendered empty; a product list needs a text header.')
    if (!body) throw new NodeFailure('empty_message', 'The body rendered empty (its variables are unset).')
    for (const [what, text, max] of [
      ['header', header, 60],
      ['body', body, 1024],
      ['footer', footer, 60],
    ] as const) {
      if (text.length > max)
        throw new NodeFailure(
          'message_too_long',
          `The ${what} is ${text.length} characters once filled; the channel allows ${max}.`,
        )
    }
    if (config.sections.length > MAX_SECTIONS)
      throw new NodeFailure(
        'mpm_limit',
        `${config.sections.length} sections; the channel allows at most ${MAX_SECTIONS}.`,
      )
    const dropped: string[] = []
    let checked = true
    const sections: Array<{ title: string; product_items: Array<{ product_retailer_id: string }> }> = []
    for (const s of config.sections) {
      const items: Array<{ product_retailer_id: string }> = []
      for (const raw of s.productIds) {
        const id = render(raw).trim()
        if (!id) continue
        const product = await lookUpProduct(effects, catalogId, id)
        if (product === 'unchecked') checked = false
        if (product === null) dropped.push(id)
        else items.push({ product_retailer_id: id })
      }
      if (items.length) sections.push({ title: s.title.trim(), product_items: items })
    }
    const total = sections.reduce((n, s) => n + s.product_items.length, 0)
    if (total === 0) {
      const why = dropped.length
        ? `catalogue ${catalogId} has none of ${dropped.map((d) => `'${d}'`).join(', ')}`
        : 'every product id rendered empty'
      throw new NodeFailure('products_not_found', `No product left to send: ${why}.`)
    }
    if (total > MAX_PRODUCTS)
      throw new NodeFailure(
        'mpm_limit',
        `${total} products; the channel allows at most ${MAX_PRODUCTS} across all sections.`,
      )
    if (sections.length > 1 && sections.some((s) => !s.title))
      throw new NodeFailure('mpm_limit', 'Every section needs a title when the message has two or more sections.')
    const message: OutboundMessage = {
      type: 'interactive',
      interactive: {
        type: 'product_list',
        header: { type: 'text', text: header },
        body: { text: body },
        ...(footer ? { footer: { text: footer } } : {}),
        action: { catalog_id: catalogId, sections },
      },
    }
    const output = { catalog_id: catalogId, products: total, sections: sections.length, dropped, checked }
    return sent(config, effects.clock.now(), message, output)
  },
  ...answered,
}
