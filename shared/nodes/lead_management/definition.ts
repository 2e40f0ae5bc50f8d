import { z } from 'zod'
import type { NodeDefinition, Problem, TextField, ValidateContext, VariableSpec } from '../types'
import { IDENTIFIER, error, isBlank } from '../../flow/checks'
import { plural } from '../../flow/summary'

export const LEAD_ACTIONS = ['get_details', 'update_fields', 'add_tags', 'remove_tags'] as const
/** Contact fields Get Details saves, each as <prefix><field>. */
export const LEAD_FIELDS = [
  'name',
  'phone',
  'email',
  'companyName',
  'city',
  'country',
  'source',
  'status',
  'tags',
  'createdAt',
] as const

export const LeadManagementConfigSchema = z.object({
  action: z
    .enum(LEAD_ACTIONS)
    .default('get_details')
    .describe('Get details into variables, update contact fields, add tags or remove tags.'),
  prefix: z.string().default('lead_').describe("get_details: variables are saved as <prefix><field>, default 'lead_'."),
  fields: z
    .array(
      z
        .object({
          field: z.string().default('').describe('Contact field, a standard one or a custom one.'),
          value: z.string().default('').describe('Template.'),
        })
        .prefault({}),
    )
    .default([])
    .describe('update_fields: fields written on the contact.'),
  tags: z
    .array(z.string().default(''))
    .default([])
    .describe('add_tags / remove_tags: tags; each takes {{ }} placeholders.'),
})
export type LeadManagementConfig = z.infer<typeof LeadManagementConfigSchema>

function variables(c: LeadManagementConfig): VariableSpec[] {
  if (c.action !== 'get_details') return []
  return LEAD_FIELDS.map((f) => ({
    path: `${c.prefix}${f}`,
    description: `Contact ${f}`,
    type: f === 'tags' ? ('array' as const) : ('string' as const),
  }))
}

function textFields(c: LeadManagementConfig): TextField[] {
  if (c.action === 'update_fields')
    return c.fields.map((f, i) => ({
      pointer: `/fields/${i}/value`,
      label: `Field ${f.field || i + 1}`,
      value: f.value,
    }))
  if (c.action === 'add_tags' || c.action === 'remove_tags')
    return c.tags.map((t, i) => ({ pointer: `/tags/${i}`, label: `Tag ${i + 1}`, value: t }))
  return []
}

function validate(c: LeadManagementConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  if (c.action === 'get_details' && !IDENTIFIER.test(c.prefix))
    out.push(
      error(
        ctx,
        'config.variable_name',
        `Prefix '${c.prefix}' must start a valid variable name (letters, digits, underscore).`,
        '/prefix',
      ),
    )
  if (c.action === 'update_fields') {
    if (c.fields.length === 0)
      out.push(error(ctx, 'config.required', 'Update fields needs at least one field.', '/fields'))
    c.fields.forEach((f, i) => {
      if (!IDENTIFIER.test(f.field))
        out.push(
          error(
            ctx,
            'config.field_name',
            `Field name '${f.field}' may hold only letters, digits and underscore.`,
            `/fields/${i}/field`,
          ),
        )
    })
  }
  if (c.action === 'add_tags' || c.action === 'remove_tags') {
    if (c.tags.length === 0) out.push(error(ctx, 'config.required', 'Give at least one tag.', '/tags'))
    c.tags.forEach((t, i) => {
      if (isBlank(t)) out.push(error(ctx, 'config.required', `Tag ${i + 1} is empty.`, `/tags/${i}`))
    })
  }
  return out
}

const LABEL: Record<LeadManagementConfig['action'], string> = {
  get_details: 'Get details',
  update_fields: 'Update fields',
  add_tags: 'Add tags',
  remove_tags: 'Remove tags',
}

export const leadManagementDefinition: NodeDefinition<LeadManagementConfig> = {
  label: 'Lead Management',
  description: 'Reads or updates the contact: get details into variables, update fields, add or remove tags.',
  category: 'integration',
  configSchema: LeadManagementConfigSchema,
  defaults: () => ({ action: 'get_details', prefix: 'lead_', fields: [], tags: [] }),
  ports: () => [{ id: 'out', label: 'Next' }],
  waits: () => false,
  variables,
  customerTexts: () => [],
  textFields,
  validate,
  summary: (c) =>
    c.action === 'get_details'
      ? `Get details → {{${c.prefix}…}}`
      : c.action === 'update_fields'
        ? `Update ${c.fields.map((f) => f.field).join(', ') || 'no fields'}`
        : `${LABEL[c.action]}: ${c.tags.join(', ') || plural(0, 'tag')}`,
}
