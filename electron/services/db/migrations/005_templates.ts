import type { SchemaMigration } from '../schema/types'

// The library of message templates the Template Message node sends (docs/integrations.md): the studio's own, and in
// the runtime the ones a publish carried. A template is identified, as on the channel, by its name and language;
// its components are kept as one JSON document that shared/nodes/template_message/run-template.ts validates on every
// save and every send.
export const migration005: SchemaMigration = {
  version: 5,
  name: 'templates',
  steps: [
    {
      table: {
        name: 'message_templates',
        columns: [
          { name: 'name', type: 'text' },
          { name: 'language', type: 'text' },
          { name: 'category', type: 'text', check: "category IN ('MARKETING', 'UTILITY', 'AUTHENTICATION')" },
          { name: 'definition', type: 'text' },
          { name: 'created_at', type: 'bigint' },
          { name: 'updated_at', type: 'bigint' },
        ],
        primaryKey: ['name', 'language'],
        withoutRowid: true,
      },
    },
  ],
}
