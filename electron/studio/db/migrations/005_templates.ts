import type { Migration } from './types'

// The local library of message templates the Template Message node sends (docs/integrations.md). A template is
// identified, as on the channel, by its name and language; its components are kept as one JSON document that
// shared/nodes/template_message/run-template.ts validates on every save and every send.
export const migration005: Migration = {
  version: 5,
  name: 'templates',
  up(db) {
    db.exec(`
      CREATE TABLE message_templates (
        name        TEXT NOT NULL,
        language    TEXT NOT NULL,
        category    TEXT NOT NULL CHECK (category IN ('MARKETING', 'UTILITY', 'AUTHENTICATION')),
        definition  TEXT NOT NULL,
        created_at  INTEGER NOT NULL,
        updated_at  INTEGER NOT NULL,
        PRIMARY KEY (name, language)
      ) WITHOUT ROWID;
    `)
  },
}
