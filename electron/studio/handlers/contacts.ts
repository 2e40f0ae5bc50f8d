import type { ContactView } from '../../../shared/api/commands/contacts'
import { ApiFailure, notFound } from '../../services/failure'
import { ContactStore, InvalidPhoneError, normalisePhone, type ContactRecord } from '../../services/runs'
import type { AreaHandlers, ServiceFactory } from './types'

// Contacts over the contacts table. ContactStore keeps its rules (phone normalisation, find-or-create); editing a
// phone number and deleting are the operator's acts, so they live here. Deleting cascades to the contact's runs.
const contactStore: ServiceFactory<ContactStore> = (ctx) => new ContactStore(ctx.db, () => ctx.now())

function view(c: ContactRecord): ContactView {
  const { tags, ...fields } = c.fields
  return {
    id: c.id,
    name: c.name,
    phone: c.phone,
    optedIn: c.optedIn,
    tags: Array.isArray(tags) ? tags.map(String) : [],
    fields,
    lastInboundAt: c.lastInboundAt,
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  }
}

function matches(c: ContactView, query: string): boolean {
  const q = query.toLowerCase()
  const digits = q.replace(/[\s\-().]/g, '')
  return (
    c.name.toLowerCase().includes(q) ||
    (digits !== '' && c.phone.includes(digits)) ||
    c.tags.some((t) => t.toLowerCase() === q)
  )
}

function phoneOf(input: string): string {
  try {
    return normalisePhone(input)
  } catch (err) {
    if (err instanceof InvalidPhoneError)
      throw new ApiFailure('bad_request', err.message, [{ path: ['phone'], message: err.message }])
    throw err
  }
}

export const contactsHandlers: AreaHandlers<'contacts'> = {
  'contacts.list': (req, ctx) => {
    const all = ctx
      .service(contactStore)
      .list(req.query ? 100_000 : req.limit)
      .map(view)
    return { contacts: (req.query ? all.filter((c) => matches(c, req.query)) : all).slice(0, req.limit) }
  },
  'contacts.save': (req, ctx) => {
    const store = ctx.service(contactStore)
    const phone = phoneOf(req.phone)
    const owner = store.byPhone(phone)
    if (owner && owner.id !== req.id)
      throw new ApiFailure('conflict', `${owner.name} already has the number ${phone}.`, [
        { path: ['phone'], message: `${owner.name} already has this number.` },
      ])
    const tags = [...new Set(req.tags)]
    // `tags` is reserved for the tag list; a custom field of that name would be taken for it.
    const { tags: _reserved, ...custom } = req.fields
    const fields = { ...custom, ...(tags.length ? { tags } : {}) }
    if (req.id === undefined) {
      const created = store.ensure({ phone, name: req.name, fields })
      return { contact: view(store.update(created.id, { optedIn: req.optedIn })) }
    }
    if (!store.get(req.id)) throw notFound('Contact', req.id)
    ctx.db.prepare('UPDATE contacts SET phone = ?, updated_at = ? WHERE id = ?').run(phone, ctx.now(), req.id)
    return { contact: view(store.update(req.id, { name: req.name, optedIn: req.optedIn, fields })) }
  },
  'contacts.delete': (req, ctx) => {
    const gone = ctx.db.prepare('DELETE FROM contacts WHERE id = ?').run(req.id)
    if (gone.changes === 0) throw notFound('Contact', req.id)
    return { deleted: true }
  },
}
