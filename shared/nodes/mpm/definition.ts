import { z } from 'zod'
import { noReplyTimeWait, noReplyWithinSchema, timeoutPorts, validateNoReply } from '../no-reply'
import type { CustomerText, NodeDefinition, Problem, TextField, ValidateContext } from '../types'
import { error, isBlank, maxLength, requireText } from '../../flow/checks'
import { plural } from '../../flow/summary'
import { orderVariables } from '../spm/definition'

export const MpmConfigSchema = z.object({
  catalogId: z.string().default('').describe('Catalogue id.'),
  header: z.string().default('').describe('Text header, required, at most 60 characters.'),
  body: z.string().default('').describe('Body, required, at most 1024 characters.'),
  footer: z.string().default('').describe('Optional footer, at most 60 characters.'),
  sections: z
    .array(
      z
        .object({
          title: z.string().default('').describe('At most 24; required with 2 or more sections.'),
          productIds: z
            .array(z.string().default(''))
            .default([])
            .describe('product_retailer_id of each product; at least 1.'),
        })
        .prefault({}),
    )
    .default([])
    .describe('1–10 sections, at most 30 products in all.'),
  noReplyWithin: noReplyWithinSchema,
})
export type MpmConfig = z.infer<typeof MpmConfigSchema>

function validate(c: MpmConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [
    ...validateNoReply(c, ctx),
    ...requireText(ctx, '/catalogId', c.catalogId, 'Catalogue id'),
    ...requireText(ctx, '/header', c.header, 'Header'),
    ...maxLength(ctx, '/header', c.header, 60, 'Header'),
    ...requireText(ctx, '/body', c.body, 'Body'),
    ...maxLength(ctx, '/body', c.body, 1024, 'Body'),
    ...maxLength(ctx, '/footer', c.footer, 60, 'Footer'),
  ]
  if (c.sections.length < 1 || c.sections.length > 10)
    out.push(
      error(
        ctx,
        'limit.sections_count',
        `Sections: ${c.sections.length} given; the channel allows 1 to 10.`,
        '/sections',
      ),
    )
  const total = c.sections.reduce((n, s) => n + s.productIds.length, 0)
  if (total > 30)
    out.push(
      error(ctx, 'limit.products_count', `${total} products in all; the channel allows at most 30.`, '/sections'),
    )
  c.sections.forEach((s, i) => {
    if (c.sections.length > 1 && isBlank(s.title))
      out.push(
        error(
          ctx,
          'config.required',
          `Section ${i + 1} needs a title when there are several sections.`,
          `/sections/${i}/title`,
        ),
      )
    out.push(...maxLength(ctx, `/sections/${i}/title`, s.title, 24, `Section ${i + 1} title`))
    if (s.productIds.length === 0)
      out.push(error(ctx, 'limit.products_count', `Section ${i + 1} has no products.`, `/sections/${i}/productIds`))
    s.productIds.forEach((p, j) => {
      if (isBlank(p))
        out.push(
          error(
            ctx,
            'config.required',
            `Product ${j + 1} of section ${i + 1} is empty.`,
            `/sections/${i}/productIds/${j}`,
          ),
        )
    })
  })
  return out
}

function textFields(c: MpmConfig): TextField[] {
  const f: TextField[] = [
    { pointer: '/header', label: 'Header', value: c.header },
    { pointer: '/body', label: 'Body', value: c.body },
    { pointer: '/footer', label: 'Footer', value: c.footer },
  ]
  c.sections.forEach((s, i) =>
    s.productIds.forEach((p, j) =>
      f.push({ pointer: `/sections/${i}/productIds/${j}`, label: `Product ${j + 1} (section ${i + 1})`, value: p }),
    ),
  )
  return f
}

// The products are the catalogue's, with their own texts there: the flow writes only these.
function customerTexts(c: MpmConfig): CustomerText[] {
  return [
    { pointer: '/header', label: 'Header', value: c.header, limit: 60, kind: 'header' },
    { pointer: '/body', label: 'Body', value: c.body, limit: 1024, kind: 'body' },
    { pointer: '/footer', label: 'Footer', value: c.footer, limit: 60, kind: 'footer' },
    ...c.sections.map((s, i) => ({
      pointer: `/sections/${i}/title`,
      label: `Section ${i + 1} title`,
      value: s.title,
      limit: 24,
      kind: 'section' as const,
    })),
  ]
}

export const mpmDefinition: NodeDefinition<MpmConfig> = {
  label: 'Multi Product',
  description: 'Sends up to 30 products of the catalogue in sections; the customer can build a cart.',
  category: 'commerce',
  configSchema: MpmConfigSchema,
  defaults: () => ({
    catalogId: '',
    header: '',
    body: '',
    footer: '',
    sections: [{ title: '', productIds: [] }],
    noReplyWithin: '',
  }),
  ports: (c) => [{ id: 'out', label: c.noReplyWithin.trim() ? 'Replied' : 'Next' }, ...timeoutPorts(c)],
  // Only with "no reply within": then it waits for the customer's cart or reply (spm/run-wait.ts).
  waits: (c) => !!c.noReplyWithin.trim(),
  timeWait: noReplyTimeWait,
  variables: orderVariables,
  textFields,
  customerTexts,
  validate,
  summary: (c) =>
    `${c.header || 'Products'} · ${plural(
      c.sections.reduce((n, s) => n + s.productIds.length, 0),
      'product',
    )}`,
}
