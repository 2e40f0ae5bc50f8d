import { z } from 'zod'
import type { CustomerText, NodeDefinition, TextField, VariableSpec } from '../types'
import { oneLine, plural } from '../../flow/summary'
import { FORM_LABEL_MAX, FORM_OPTION_TITLE_MAX, validateChatFlow } from './definition-validate'
import { FlowEndpointSchema } from './endpoint'
import { noReplyTimeWait, noReplyWithinSchema, timeoutPorts } from '../no-reply'

export const FORM_FIELD_TYPES = ['text', 'number', 'email', 'date', 'dropdown', 'radio', 'checkbox', 'opt_in'] as const

export const FormFieldSchema = z.object({
  name: z.string().default('').describe('Key of the field in the submitted form (letters, digits, underscore).'),
  label: z.string().default('').describe('Label shown above the field.'),
  type: z
    .enum(FORM_FIELD_TYPES)
    .default('text')
    .describe('Input kind; label limits: text/number/email 20, date 40, dropdown 20, radio/checkbox 30, opt-in 30.'),
  required: z.boolean().default(false).describe('The form cannot be sent without it.'),
  options: z
    .array(
      z
        .object({
          id: z.string().default('').describe('Value submitted when chosen.'),
          title: z.string().default('').describe('At most 30 characters.'),
        })
        .prefault({}),
    )
    .default([])
    .describe('dropdown (1–200), radio and checkbox (1–20) choices.'),
})
export const FormScreenSchema = z.object({
  id: z
    .string()
    .default('')
    .describe("Screen id: letters and underscore only (the channel refuses digits); 'SUCCESS' is reserved."),
  title: z.string().default('').describe('Title shown at the top of the screen.'),
  fields: z.array(FormFieldSchema).default([]).describe('At most 50 components per screen; at most 5 opt-ins.'),
  refreshOnBack: z
    .boolean()
    .default(false)
    .describe('With an endpoint: going back to this screen asks the endpoint again (BACK).'),
})

export const ChatFlowConfigSchema = z.object({
  flowId: z.string().default('').describe('Id of the published form (Chat Flow) on the channel.'),
  header: z.string().default('').describe('Optional header, at most 60 characters.'),
  body: z.string().default('').describe('Message body, required, at most 1024 characters.'),
  footer: z.string().default('').describe('Optional footer, at most 60 characters.'),
  cta: z
    .string()
    .default('Open form')
    .describe('Label of the button that opens the form, at most 20 characters, no emoji.'),
  mode: z
    .enum(['draft', 'published'])
    .default('published')
    .describe('Send the draft or the published version of the form.'),
  action: z
    .enum(['navigate', 'data_exchange'])
    .default('navigate')
    .describe('navigate opens the first screen; data_exchange asks the endpoint first.'),
  screens: z.array(FormScreenSchema).default([]).describe('The form, screen by screen; the first is the entry screen.'),
  endpoint: FlowEndpointSchema.prefault({}).describe(
    'Data Exchange endpoint the form asks for screens and data (docs/integrations.md, Chat Flow).',
  ),
  responseMapping: z
    .array(
      z
        .object({
          field: z.string().default('').describe('Form field name.'),
          variable: z.string().default('').describe('Session variable that receives it.'),
        })
        .prefault({}),
    )
    .default([])
    .describe('Data Exchange response mapping: submitted field → session variable.'),
  noReplyWithin: noReplyWithinSchema,
})
export type ChatFlowConfig = z.infer<typeof ChatFlowConfigSchema>
export type FormField = z.infer<typeof FormFieldSchema>

const FIELD_TYPE: Record<FormField['type'], VariableSpec['type']> = {
  text: 'string',
  number: 'number',
  email: 'string',
  date: 'string',
  dropdown: 'string',
  radio: 'string',
  checkbox: 'array',
  opt_in: 'boolean',
}

export const formFields = (c: ChatFlowConfig) => c.screens.flatMap((s) => s.fields)

function variables(c: ChatFlowConfig, name: string): VariableSpec[] {
  const byName = new Map(formFields(c).map((f) => [f.name, f]))
  return [
    { path: `${name}.response`, description: 'The whole submitted form', type: 'object' },
    ...formFields(c)
      .filter((f) => f.name)
      .map((f) => ({
        path: `${name}.response.${f.name}`,
        description: `Form field ${f.label || f.name}`,
        type: FIELD_TYPE[f.type],
      })),
    ...c.responseMapping
      .filter((m) => m.variable.trim())
      .map((m) => {
        const f = byName.get(m.field)
        return {
          path: m.variable,
          description: `Form field ${m.field}`,
          type: f ? FIELD_TYPE[f.type] : ('unknown' as const),
        }
      }),
  ]
}

function textFields(c: ChatFlowConfig): TextField[] {
  return [
    { pointer: '/header', label: 'Header', value: c.header },
    { pointer: '/body', label: 'Body', value: c.body },
    { pointer: '/footer', label: 'Footer', value: c.footer },
  ]
}

// The message and the form's own texts; names, ids and option ids are what the submission carries, in every language.
function customerTexts(c: ChatFlowConfig): CustomerText[] {
  const f: CustomerText[] = [
    { pointer: '/header', label: 'Header', value: c.header, limit: 60, kind: 'header' },
    { pointer: '/body', label: 'Body', value: c.body, limit: 1024, kind: 'body' },
    { pointer: '/footer', label: 'Footer', value: c.footer, limit: 60, kind: 'footer' },
    { pointer: '/cta', label: 'Button label', value: c.cta, limit: 20, kind: 'button' },
  ]
  c.screens.forEach((s, si) => {
    const sat = `/screens/${si}`
    const screen = `screen ${si + 1}`
    f.push({ pointer: `${sat}/title`, label: `Title of ${screen}`, value: s.title, limit: null, kind: 'form' })
    s.fields.forEach((field, fi) => {
      const what = `Field '${field.name || fi + 1}'`
      f.push({
        pointer: `${sat}/fields/${fi}/label`,
        label: `${what} label (${screen})`,
        value: field.label,
        limit: FORM_LABEL_MAX[field.type].strict,
        kind: 'form',
      })
      field.options.forEach((o, oi) =>
        f.push({
          pointer: `${sat}/fields/${fi}/options/${oi}/title`,
          label: `${what} option ${oi + 1} title (${screen})`,
          value: o.title,
          limit: FORM_OPTION_TITLE_MAX,
          kind: 'form',
        }),
      )
    })
  })
  return f
}

export const chatFlowDefinition: NodeDefinition<ChatFlowConfig> = {
  label: 'Chat Flow',
  description: 'Sends an interactive form and waits for its submission; fields are mapped to variables.',
  category: 'input',
  configSchema: ChatFlowConfigSchema,
  defaults: () => ({
    flowId: '',
    header: '',
    body: '',
    footer: '',
    cta: 'Open form',
    mode: 'published',
    action: 'navigate',
    screens: [{ id: 'FORM', title: 'Form', fields: [], refreshOnBack: false }],
    endpoint: { url: '', publicKey: '', plaintext: false },
    responseMapping: [],
    noReplyWithin: '',
  }),
  ports: (c) => [{ id: 'out', label: 'Submitted' }, ...timeoutPorts(c)],
  waits: () => true,
  timeWait: noReplyTimeWait,
  variables,
  textFields,
  customerTexts,
  validate: validateChatFlow,
  summary: (c) => `${c.body.trim() ? oneLine(c.body, 30) + ' · ' : ''}${plural(formFields(c).length, 'field')}`,
}
