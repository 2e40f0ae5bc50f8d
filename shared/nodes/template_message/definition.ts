import { z } from 'zod'
import { noReplyTimeWait, noReplyWithinSchema, timeoutPorts, validateNoReply } from '../no-reply'
import type { NodeDefinition, Problem, TextField, ValidateContext } from '../types'
import { error, maxLength, requireText, warning } from '../../flow/checks'
import { pointerOf } from '../../flow/pointer'

export const TemplateMessageConfigSchema = z.object({
  templateName: z.string().default('').describe('Approved template name: lower-case letters, digits and underscore.'),
  language: z
    .string()
    .default('en_US')
    .describe("Template language code, e.g. 'en' or 'en_US': the version sent in the flow's default language."),
  languages: z
    .record(z.string(), z.string())
    .default({})
    .describe(
      "A flow in several languages: the template's language code to send when the run speaks another of the flow's languages ({ es: 'es_MX' }). A language left out sends its own tag written the channel's way (es → es, pt-BR → pt_BR) when the library has that version, else Language.",
    ),
  category: z
    .enum(['MARKETING', 'UTILITY', 'AUTHENTICATION'])
    .default('UTILITY')
    .describe('Sets the price at send time.'),
  header: z
    .object({
      type: z
        .enum(['none', 'text', 'image', 'video', 'document', 'location'])
        .default('none')
        .describe('Header kind of the approved template.'),
      param: z
        .string()
        .default('')
        .describe('Header {{1}} for a text header with a parameter; empty when the header has none.'),
      mediaUrl: z.string().default('').describe('Link of the header media for image, video and document headers.'),
    })
    .prefault({}),
  bodyParams: z.array(z.string().default('')).default([]).describe('Body {{1}}, {{2}}, … in order; each a template.'),
  buttonUrlParam: z
    .string()
    .default('')
    .describe('Button URL {{1}}: the suffix appended to the URL button; empty when none.'),
  quickReplies: z
    .array(
      z
        .object({
          payload: z
            .string()
            .default('')
            .describe('Payload returned on tap ({{_last_template_button_clicked}}), at most 256.'),
        })
        .prefault({}),
    )
    .default([])
    .describe('Payloads of the quick-reply buttons, in the template order.'),
  noReplyWithin: noReplyWithinSchema,
})
export type TemplateMessageConfig = z.infer<typeof TemplateMessageConfigSchema>

const TEMPLATE_NAME = /^[a-z0-9_]+$/
const LANGUAGE = /^[a-z]{2,3}(_[A-Z]{2})?$/

function textFields(c: TemplateMessageConfig): TextField[] {
  const f: TextField[] = []
  if (c.header.type === 'text') f.push({ pointer: '/header/param', label: 'Header {{1}}', value: c.header.param })
  if (c.header.type === 'image' || c.header.type === 'video' || c.header.type === 'document')
    f.push({ pointer: '/header/mediaUrl', label: 'Header media URL', value: c.header.mediaUrl })
  c.bodyParams.forEach((p, i) => f.push({ pointer: `/bodyParams/${i}`, label: `Body {{${i + 1}}}`, value: p }))
  f.push({ pointer: '/buttonUrlParam', label: 'Button URL {{1}}', value: c.buttonUrlParam })
  return f
}

function validate(c: TemplateMessageConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [
    ...requireText(ctx, '/templateName', c.templateName, 'Template name'),
    ...requireText(ctx, '/language', c.language, 'Language'),
    ...validateNoReply(c, ctx),
  ]
  if (c.templateName.trim() && !TEMPLATE_NAME.test(c.templateName))
    out.push(
      error(
        ctx,
        'config.template_name',
        `Template name '${c.templateName}' may hold only lower-case letters, digits and underscore.`,
        '/templateName',
      ),
    )
  out.push(...maxLength(ctx, '/templateName', c.templateName, 512, 'Template name'))
  if (c.language.trim() && !LANGUAGE.test(c.language))
    out.push(error(ctx, 'config.language', `'${c.language}' is not a language code such as en or en_US.`, '/language'))
  out.push(...validateLanguages(c, ctx))
  if (c.header.type === 'text') out.push(...maxLength(ctx, '/header/param', c.header.param, 60, 'Header {{1}}'))
  if (['image', 'video', 'document'].includes(c.header.type))
    out.push(...requireText(ctx, '/header/mediaUrl', c.header.mediaUrl, 'Header media URL'))
  c.bodyParams.forEach((p, i) => {
    out.push(...requireText(ctx, `/bodyParams/${i}`, p, `Body {{${i + 1}}}`))
    out.push(...maxLength(ctx, `/bodyParams/${i}`, p, 1024, `Body {{${i + 1}}}`))
  })
  if (c.quickReplies.length > 10)
    out.push(
      error(
        ctx,
        'limit.buttons_count',
        `${c.quickReplies.length} quick replies; a template has at most 10.`,
        '/quickReplies',
      ),
    )
  c.quickReplies.forEach((q, i) =>
    out.push(...maxLength(ctx, `/quickReplies/${i}/payload`, q.payload, 256, `Quick reply ${i + 1} payload`)),
  )
  return out
}

/** The per-language codes: each a template language code, each for one of the flow's languages other than the default. */
function validateLanguages(c: TemplateMessageConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  const flow = ctx.languages
  for (const [language, code] of Object.entries(c.languages)) {
    const at = pointerOf(['languages', language])
    if (!code.trim())
      out.push(error(ctx, 'config.required', `The template's language code for ${language} is empty.`, at))
    else if (!LANGUAGE.test(code))
      out.push(
        error(ctx, 'config.language', `'${code}' (for ${language}) is not a language code such as es or es_MX.`, at),
      )
    if (flow && (flow.default === language || !flow.list.includes(language)))
      out.push(
        warning(
          ctx,
          'config.language_unused',
          flow.default === language
            ? `${language} is the flow's default language: it sends Language (${c.language}), not this code.`
            : `${language} is not one of the flow's languages (${flow.list.join(', ')}); this code is never sent.`,
          at,
        ),
      )
  }
  return out
}

export const templateMessageDefinition: NodeDefinition<TemplateMessageConfig> = {
  label: 'Template Message',
  description:
    'Sends an approved template with its parameters filled from variables; works outside the 24-hour window.',
  category: 'message',
  configSchema: TemplateMessageConfigSchema,
  defaults: () => ({
    templateName: '',
    language: 'en_US',
    languages: {},
    category: 'UTILITY',
    header: { type: 'none', param: '', mediaUrl: '' },
    bodyParams: [],
    buttonUrlParam: '',
    quickReplies: [],
    noReplyWithin: '',
  }),
  ports: (c) => [{ id: 'out', label: c.noReplyWithin.trim() ? 'Replied' : 'Next' }, ...timeoutPorts(c)],
  // Only with "no reply within": then it waits for the customer's reply (a quick-reply tap or any text).
  waits: (c) => !!c.noReplyWithin.trim(),
  timeWait: noReplyTimeWait,
  variables: (c, name) => [
    ...(c.quickReplies.length
      ? [
          {
            path: '_last_template_button_clicked',
            description: 'Payload of the last template quick-reply button tapped',
            type: 'string' as const,
          },
        ]
      : []),
    ...(c.noReplyWithin.trim()
      ? [{ path: `${name}.reply`, description: 'What the customer replied', type: 'string' as const }]
      : []),
  ],
  // The template's texts are the channel's, approved per language: a run picks the language version instead.
  customerTexts: () => [],
  textFields,
  validate,
  summary: (c) =>
    c.templateName
      ? `${c.templateName} (${[c.language, ...Object.values(c.languages)].join(', ')})`
      : 'No template yet',
}
