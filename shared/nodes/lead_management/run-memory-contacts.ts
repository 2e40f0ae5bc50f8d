// A contacts store held in memory, for hosts without the studio database: conversation tests (the test file's
// `contact` is the store's one contact), the CLI's chat and the benchmark. Same rules as the real store: the
// phone cannot change, and a patch's fields replace the contact's fields.
import type { ContactsEffect } from '../../engine/effects'
import type { Contact } from '../../engine/types'

export interface MemoryContacts extends ContactsEffect {
  /** The contact as it is now (a copy), after the updates a run made. */
  current(id: string): Contact | null
}

export function createMemoryContacts(initial: Contact[]): MemoryContacts {
  const byId = new Map(initial.map((c) => [c.id, structuredClone(c)]))
  return {
    async get(id) {
      const c = byId.get(id)
      return c ? structuredClone(c) : null
    },
    async update(id, patch) {
      const c = byId.get(id)
      if (!c) throw new Error(`Contact ${id} does not exist.`)
      if (patch.phone !== undefined && patch.phone !== c.phone)
        throw new Error('A contact is identified by its phone number; it cannot be changed.')
      const next: Contact = {
        ...c,
        ...patch,
        id,
        phone: c.phone,
        fields: structuredClone(patch.fields ?? c.fields ?? {}),
      }
      byId.set(id, next)
      return structuredClone(next)
    },
    current(id) {
      const c = byId.get(id)
      return c ? structuredClone(c) : null
    },
  }
}
