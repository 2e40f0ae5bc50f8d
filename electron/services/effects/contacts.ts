// The contacts effect over the studio's contacts table (electron/services/runs/contacts.ts owns the table's rules).
import type { ContactsEffect } from '../../../shared/engine/effects'
import type { ContactStore } from '../runs/contacts'

export function createContactsEffect(store: ContactStore): ContactsEffect {
  return {
    async get(id) {
      return store.get(id)
    },
    async update(id, patch) {
      if (patch.phone !== undefined)
        throw new Error('A contact is identified by its phone number; it cannot be changed.')
      return store.update(id, {
        name: patch.name,
        optedIn: patch.optedIn,
        fields: patch.fields,
        language: patch.language,
      })
    },
  }
}
