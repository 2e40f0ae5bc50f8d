import { z } from 'zod'
import type { NodeDefinition, Problem, ValidateContext, VariableSpec } from '../types'
import { IDENTIFIER, duplicates, error, isBlank } from '../../flow/checks'

export const TRIGGER_KINDS = ['keyword', 'webhook', 'button_click', 'ad_click', 'manual'] as const
export const MATCH_MODES = ['exact', 'contains', 'starts_with'] as const

export const TriggerConfigSchema = z.object({
  kind: z.enum(TRIGGER_KINDS).default('keyword').describe('What starts the flow.'),
  keywords: z
    .array(z.string().default(''))
    .default([])
    .describe('keyword: the words that start the flow, compared case-insensitively.'),
  matchMode: z
    .enum(MATCH_MODES)
    .default('exact')
    .describe('keyword: the whole message equals, contains, or starts with a keyword.'),
  payloadPrefix: z
    .string()
    .default('')
    .describe('button_click: only payloads starting with this prefix start the flow.'),
  targetVariable: z
    .string()
    .default('')
    .describe(
      'button_click: variable that receives the payload after the prefix (payload order_42, prefix order_ → 42); empty for none.',
    ),
  dataFields: z
    .array(z.string().default(''))
    .default([])
    .describe(
      'webhook: the entries of `data` the flow reads as variables, for the editor and the checks (every entry of a request becomes a variable).',
    ),
})
export type TriggerConfig = z.infer<typeof TriggerConfigSchema>

export const AD_FIELDS = [
  'source_url',
  'source_id',
  'source_type',
  'headline',
  'body',
  'media_type',
  'image_url',
  'video_url',
  'thumbnail_url',
  'ctwa_clid',
  'welcome_message',
] as const

function variables(c: TriggerConfig, name: string): VariableSpec[] {
  const v = (path: string, description: string, type: VariableSpec['type'] = 'string'): VariableSpec => ({
    path,
    description,
    type,
  })
  const kind = v(`${name}.kind`, 'How the run started: keyword, webhook, button_click, ad_click or manual')
  return [kind, ...byKind(c, name, v)]
}

function byKind(
  c: TriggerConfig,
  name: string,
  v: (p: string, d: string, t?: VariableSpec['type']) => VariableSpec,
): VariableSpec[] {
  switch (c.kind) {
    case 'keyword':
      return [
        v(`${name}.keyword`, 'The keyword that matched'),
        v(`${name}.message`, 'The whole message that started the flow'),
      ]
    case 'webhook':
      return [
        v(`${name}.phone_number`, 'phone_number of the webhook request'),
        v(`${name}.data`, 'The data object of the webhook request', 'object'),
        v(`${name}.message_text`, 'message_text of the webhook request'),
        v(`${name}.button_id`, 'button_id of the webhook request'),
        ...c.dataFields
          .filter((f) => IDENTIFIER.test(f))
          .map((f) => v(f, `data.${f} of the webhook request`, 'unknown')),
      ]
    case 'button_click':
      return [
        v(`${name}.payload`, 'Payload of the button that started the flow'),
        v(`${name}.text`, 'Label of the button that started the flow'),
        ...(c.targetVariable.trim() ? [v(c.targetVariable, `Payload after '${c.payloadPrefix}'`)] : []),
      ]
    case 'ad_click':
      return [
        v(`${name}.message`, 'Text of the message that came with the click'),
        v(`${name}.ad`, 'The ad the customer clicked', 'object'),
        ...AD_FIELDS.map((f) => v(`${name}.ad.${f}`, `Ad ${f.replace(/_/g, ' ')}`)),
      ]
    case 'manual':
      return [
        v(`${name}.operator`, 'The operator who started the run'),
        v(`${name}.data`, 'Data the operator passed in', 'object'),
      ]
  }
}

function validate(c: TriggerConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  if (c.kind === 'keyword') {
    const words = c.keywords.map((k) => k.trim().toLowerCase())
    if (words.filter(Boolean).length === 0)
      out.push(error(ctx, 'config.required', 'A keyword trigger needs at least one keyword.', '/keywords'))
    const dup = duplicates(words)
    c.keywords.forEach((k, i) => {
      if (isBlank(k)) out.push(error(ctx, 'config.required', `Keyword ${i + 1} is empty.`, `/keywords/${i}`))
      else if (dup.has(k.trim().toLowerCase()))
        out.push(
          error(
            ctx,
            'config.duplicate_keyword',
            `Keyword '${k}' is listed twice (keywords ignore case).`,
            `/keywords/${i}`,
          ),
        )
    })
  }
  if (c.kind === 'button_click') {
    if (isBlank(c.payloadPrefix) && c.targetVariable.trim())
      out.push(error(ctx, 'config.required', 'Extracting to a variable needs a payload prefix.', '/payloadPrefix'))
    if (c.targetVariable.trim() && !IDENTIFIER.test(c.targetVariable))
      out.push(
        error(
          ctx,
          'config.variable_name',
          `Variable '${c.targetVariable}' may hold only letters, digits and underscore and must not start with a digit.`,
          '/targetVariable',
        ),
      )
  }
  if (c.kind === 'webhook') {
    c.dataFields.forEach((f, i) => {
      if (!IDENTIFIER.test(f))
        out.push(
          error(
            ctx,
            'config.variable_name',
            `Data field '${f}' cannot be a variable name: use letters, digits and underscore.`,
            `/dataFields/${i}`,
          ),
        )
    })
  }
  return out
}

const KIND_LABEL: Record<TriggerConfig['kind'], string> = {
  keyword: 'Keyword',
  webhook: 'Webhook',
  button_click: 'Button click',
  ad_click: 'Ad click',
  manual: 'Manual',
}

export const triggerDefinition: NodeDefinition<TriggerConfig> = {
  label: 'Trigger',
  description: 'Starts the flow: on a keyword, a webhook request, a button click, an ad click, or by an operator.',
  category: 'trigger',
  configSchema: TriggerConfigSchema,
  defaults: () => ({
    kind: 'keyword',
    keywords: [],
    matchMode: 'exact',
    payloadPrefix: '',
    targetVariable: '',
    dataFields: [],
  }),
  ports: () => [{ id: 'out', label: 'Start' }],
  waits: () => false,
  variables,
  customerTexts: () => [],
  textFields: () => [],
  validate,
  summary: (c) =>
    c.kind === 'keyword'
      ? `Keyword (${c.matchMode.replace('_', ' ')}): ${c.keywords.filter(Boolean).join(', ') || 'none yet'}`
      : c.kind === 'button_click' && c.payloadPrefix
        ? `Button click: ${c.payloadPrefix}…${c.targetVariable ? ` → {{${c.targetVariable}}}` : ''}`
        : KIND_LABEL[c.kind],
}
