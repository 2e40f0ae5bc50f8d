import { z } from 'zod'
import type { CustomerText, NodeDefinition, Port, TextField, VariableSpec } from '../types'
import { oneLine, plural } from '../../flow/summary'
import { INTERACTIVE_LIMITS, validateInteractive } from './definition-limits'
import { noReplyTimeWait, noReplyWithinSchema, timeoutPorts } from '../no-reply'

export const ReplyButtonSchema = z.object({
  id: z
    .string()
    .default('')
    .describe('Payload returned when tapped ({{button_id}}); also the output port id. At most 256.'),
  title: z.string().default('').describe('Visible label, at most 20 characters, unique in the message.'),
})
export const ListRowSchema = z.object({
  id: z
    .string()
    .default('')
    .describe('Payload returned when chosen ({{row_id}}); also the output port id. At most 200.'),
  title: z.string().default('').describe('Row title, at most 24 characters.'),
  description: z.string().default('').describe('Optional second line, at most 72 characters.'),
})
export const ListSectionSchema = z.object({
  title: z.string().default('').describe('Section title, at most 24 characters.'),
  rows: z.array(ListRowSchema).default([]).describe('At least 1 row per section; at most 10 rows across all sections.'),
})
export const InteractiveHeaderSchema = z.object({
  type: z
    .enum(['none', 'text', 'image', 'video', 'document'])
    .default('none')
    .describe('List menus take a text header only.'),
  text: z.string().default('').describe('Header text when type is text, at most 60 characters.'),
  mediaUrl: z.string().default('').describe('Hosted media link when type is image, video or document.'),
})

export const InteractiveMessageConfigSchema = z.object({
  mode: z.enum(['buttons', 'list']).default('buttons').describe('Reply buttons (1–3) or a list menu (up to 10 rows).'),
  header: InteractiveHeaderSchema.prefault({}),
  body: z.string().default('').describe('Body text, required, at most 1024 characters.'),
  footer: z.string().default('').describe('Optional footer, at most 60 characters.'),
  buttons: z.array(ReplyButtonSchema).default([]).describe('Used in buttons mode.'),
  list: z
    .object({
      buttonLabel: z.string().default('').describe('Label of the button that opens the list, at most 20 characters.'),
      sections: z.array(ListSectionSchema).default([]).describe('1–10 sections; each row becomes an output port.'),
    })
    .prefault({})
    .describe('Used in list mode.'),
  noReplyWithin: noReplyWithinSchema,
})
export type InteractiveMessageConfig = z.infer<typeof InteractiveMessageConfigSchema>

export function listRows(c: InteractiveMessageConfig) {
  return c.list.sections.flatMap((s) => s.rows)
}

function textFields(c: InteractiveMessageConfig): TextField[] {
  const f: TextField[] = []
  if (c.header.type === 'text') f.push({ pointer: '/header/text', label: 'Header', value: c.header.text })
  if (c.header.type !== 'text' && c.header.type !== 'none')
    f.push({ pointer: '/header/mediaUrl', label: 'Header media URL', value: c.header.mediaUrl })
  f.push({ pointer: '/body', label: 'Body', value: c.body }, { pointer: '/footer', label: 'Footer', value: c.footer })
  if (c.mode === 'buttons') {
    c.buttons.forEach((b, i) =>
      f.push({ pointer: `/buttons/${i}/title`, label: `Button ${i + 1} title`, value: b.title }),
    )
  } else {
    f.push({ pointer: '/list/buttonLabel', label: 'List button label', value: c.list.buttonLabel })
    c.list.sections.forEach((s, si) => {
      f.push({ pointer: `/list/sections/${si}/title`, label: `Section ${si + 1} title`, value: s.title })
      s.rows.forEach((r, ri) => {
        const at = `/list/sections/${si}/rows/${ri}`
        f.push({ pointer: `${at}/title`, label: `Row ${ri + 1} title (section ${si + 1})`, value: r.title })
        f.push({
          pointer: `${at}/description`,
          label: `Row ${ri + 1} description (section ${si + 1})`,
          value: r.description,
        })
      })
    })
  }
  return f
}

// The texts the customer reads in the mode the node is in; the ids are payloads and port ids, the same in every language.
function customerTexts(c: InteractiveMessageConfig): CustomerText[] {
  const L = INTERACTIVE_LIMITS
  const f: CustomerText[] = []
  if (c.header.type === 'text')
    f.push({ pointer: '/header/text', label: 'Header', value: c.header.text, limit: L.headerMax, kind: 'header' })
  f.push(
    { pointer: '/body', label: 'Body', value: c.body, limit: L.bodyMax, kind: 'body' },
    { pointer: '/footer', label: 'Footer', value: c.footer, limit: L.footerMax, kind: 'footer' },
  )
  if (c.mode === 'buttons') {
    c.buttons.forEach((b, i) =>
      f.push({
        pointer: `/buttons/${i}/title`,
        label: `Button ${i + 1} title`,
        value: b.title,
        limit: L.buttonTitleMax,
        kind: 'button',
      }),
    )
    return f
  }
  f.push({
    pointer: '/list/buttonLabel',
    label: 'List button label',
    value: c.list.buttonLabel,
    limit: L.listLabelMax,
    kind: 'list_button',
  })
  c.list.sections.forEach((s, si) => {
    const sat = `/list/sections/${si}`
    f.push({
      pointer: `${sat}/title`,
      label: `Section ${si + 1} title`,
      value: s.title,
      limit: L.sectionTitleMax,
      kind: 'section',
    })
    s.rows.forEach((r, ri) => {
      const what = `Row ${ri + 1}`
      const where = ` (section ${si + 1})`
      f.push(
        {
          pointer: `${sat}/rows/${ri}/title`,
          label: `${what} title${where}`,
          value: r.title,
          limit: L.rowTitleMax,
          kind: 'row',
        },
        {
          pointer: `${sat}/rows/${ri}/description`,
          label: `${what} description${where}`,
          value: r.description,
          limit: L.rowDescriptionMax,
          kind: 'row_description',
        },
      )
    })
  })
  return f
}

function variables(c: InteractiveMessageConfig, name: string): VariableSpec[] {
  if (c.mode === 'buttons')
    return [
      { path: 'button_id', description: 'Id of the button the customer tapped', type: 'string' },
      { path: '_last_button_payload', description: 'Payload of the last button tapped', type: 'string' },
      { path: '_last_button_text', description: 'Label of the last button tapped', type: 'string' },
      { path: `${name}.id`, description: 'Id of the button tapped on this message', type: 'string' },
      { path: `${name}.title`, description: 'Label of the button tapped on this message', type: 'string' },
    ]
  return [
    { path: 'row_id', description: 'Id of the list row the customer chose', type: 'string' },
    { path: '_last_row_payload', description: 'Payload of the last list row selected', type: 'string' },
    { path: '_last_row_text', description: 'Title of the last list row selected', type: 'string' },
    { path: `${name}.id`, description: 'Id of the row chosen on this message', type: 'string' },
    { path: `${name}.title`, description: 'Title of the row chosen on this message', type: 'string' },
  ]
}

export const interactiveMessageDefinition: NodeDefinition<InteractiveMessageConfig> = {
  label: 'Interactive Message',
  description: 'Sends reply buttons or a list menu and waits; each button or row has its own path.',
  category: 'message',
  configSchema: InteractiveMessageConfigSchema,
  defaults: () => ({
    mode: 'buttons',
    header: { type: 'none', text: '', mediaUrl: '' },
    body: '',
    footer: '',
    buttons: [
      { id: 'yes', title: 'Yes' },
      { id: 'no', title: 'No' },
    ],
    list: {
      buttonLabel: 'Choose',
      sections: [{ title: 'Options', rows: [{ id: 'option_1', title: 'Option 1', description: '' }] }],
    },
    noReplyWithin: '',
  }),
  ports: (c): Port[] => [
    ...(c.mode === 'buttons'
      ? c.buttons.map((b) => ({ id: b.id, label: b.title || b.id }))
      : listRows(c).map((r) => ({ id: r.id, label: r.title || r.id }))),
    ...timeoutPorts(c),
  ],
  waits: () => true,
  timeWait: noReplyTimeWait,
  variables,
  textFields,
  customerTexts,
  validate: validateInteractive,
  summary: (c) =>
    (c.body.trim() ? oneLine(c.body, 40) + ' · ' : '') +
    (c.mode === 'buttons' ? plural(c.buttons.length, 'button') : plural(listRows(c).length, 'row')),
}
