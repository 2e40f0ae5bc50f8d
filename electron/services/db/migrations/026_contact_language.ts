import type { SchemaMigration } from '../schema/types'

// The contact's language (issue #35, docs/languages.md, "The contact's language"): the language a Set Language node
// chose, kept so the contact's next run starts in it (Contact.language, read by the engine's start after the flow's
// own variable). One column of the contacts table both stores share: the runtime's customers and the studio's
// emulator contacts. Rows written before this step have none: their runs choose as before (detection, the default).
export const migration026: SchemaMigration = {
  version: 26,
  name: 'contact_language',
  steps: [{ addColumn: { table: 'contacts', column: { name: 'language', type: 'text', nullable: true } } }],
}
