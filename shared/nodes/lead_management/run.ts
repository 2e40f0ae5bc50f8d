// Lead Management: the run's contact in the local contacts store. Get Details copies the contact into session
// variables with a prefix ({{lead_name}}, {{lead_email}}, {{lead_companyName}}, custom fields alike); Update
// Fields writes fields; Add and Remove Tags edit the contact's tag list. Name and phone are columns of the
// contact; everything else (email, companyName, tags, custom fields) lives in its fields.
import type { Contact, Vars } from '../../engine/types'
import { NodeFailure, type NodeOutcome, type NodeRunner, type RunContext } from '../../engine/runner'
import { IDENTIFIER } from '../../flow/checks'
import { LEAD_FIELDS, type LeadManagementConfig } from './definition'

type Ctx = Pick<RunContext<LeadManagementConfig>, 'config' | 'contact' | 'effects' | 'render' | 'evaluate'>

export const leadManagementRunner: NodeRunner<LeadManagementConfig> = {
  run: (ctx) => runLead(ctx),
}

export async function runLead(ctx: Ctx): Promise<NodeOutcome> {
  const contact = await ctx.effects.contacts.get(ctx.contact.id)
  if (!contact)
    throw new NodeFailure(
      'contact_not_found',
      `The contact of this run (${ctx.contact.phone}) is not in the contacts store.`,
    )
  switch (ctx.config.action) {
    case 'get_details': {
      const details = leadDetails(contact)
      return {
        kind: 'next',
        port: 'out',
        output: { action: 'get_details', contact: details },
        vars: prefixed(ctx.config.prefix, details),
      }
    }
    case 'update_fields':
      return updateFields(ctx, contact)
    case 'add_tags':
    case 'remove_tags':
      return editTags(ctx, contact, ctx.config.action)
  }
}

/** Every standard field (empty when unset, tags as a list) plus every custom field the contact has. */
export function leadDetails(contact: Contact): Vars {
  const fields = contact.fields ?? {}
  const out: Vars = {}
  for (const f of LEAD_FIELDS) out[f] = f === 'tags' ? tagsOf(fields) : ''
  for (const [k, v] of Object.entries(fields)) if (IDENTIFIER.test(k)) out[k] = k === 'tags' ? tagsOf(fields) : v
  out.name = contact.name
  out.phone = contact.phone
  const created = (contact as { createdAt?: unknown }).createdAt
  if (typeof created === 'number') out.createdAt = new Date(created).toISOString()
  return out
}

function prefixed(prefix: string, details: Vars): Vars {
  const vars: Vars = {}
  for (const [k, v] of Object.entries(details)) vars[`${prefix}${k}`] = v
  return vars
}

async function updateFields(ctx: Ctx, contact: Contact): Promise<NodeOutcome> {
  const fields = { ...(contact.fields ?? {}) }
  const written: Vars = {}
  let name: string | undefined
  for (const f of ctx.config.fields) {
    const key = f.field.trim()
    if (key === 'phone')
      throw new NodeFailure('lead_readonly_field', 'The phone number identifies the contact; a flow cannot change it.')
    if (key === 'tags')
      throw new NodeFailure('lead_readonly_field', "Tags are changed with the 'Add tags' and 'Remove tags' actions.")
    // A single placeholder keeps its type ({{age}} stays a number); anything else is text.
    const value = ctx.evaluate(f.value)
    if (key === 'name') {
      name = String(value ?? '').trim()
      if (!name) throw new NodeFailure('lead_empty_name', 'The contact name would become empty.')
      written.name = name
    } else {
      fields[key] = value
      written[key] = value
    }
  }
  await ctx.effects.contacts.update(contact.id, name === undefined ? { fields } : { name, fields })
  return { kind: 'next', port: 'out', output: { action: 'update_fields', updated: written } }
}

async function editTags(ctx: Ctx, contact: Contact, action: 'add_tags' | 'remove_tags'): Promise<NodeOutcome> {
  const fields = { ...(contact.fields ?? {}) }
  const current = tagsOf(fields)
  const given = ctx.config.tags.map((t) => ctx.render(t).trim()).filter(Boolean)
  const has = (list: string[], tag: string) => list.some((t) => t.toLowerCase() === tag.toLowerCase())
  let tags: string[]
  if (action === 'add_tags') {
    tags = [...current]
    for (const t of given) if (!has(tags, t)) tags.push(t)
  } else {
    tags = current.filter((t) => !has(given, t))
  }
  fields.tags = tags
  await ctx.effects.contacts.update(contact.id, { fields })
  return { kind: 'next', port: 'out', output: { action, tags } }
}

function tagsOf(fields: Record<string, unknown>): string[] {
  const t = fields.tags
  return Array.isArray(t) ? t.filter((x): x is string => typeof x === 'string') : []
}
