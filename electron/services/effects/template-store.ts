// The template library over the message_templates table. Every save is validated against the channel's rules,
// so the Template Message node only ever meets templates that can be sent.
import type { Database } from 'better-sqlite3'
import type { TemplatesEffect } from '../../../shared/engine/effects'
import {
  MessageTemplateSchema,
  templateProblems,
  type MessageTemplate,
} from '../../../shared/nodes/template_message/run-template'

export class InvalidTemplateError extends Error {
  readonly code = 'invalid_template'
  constructor(readonly problems: string[]) {
    super(`The template cannot be saved: ${problems.join(' ')}`)
  }
}

interface Row {
  definition: string
  updated_at: number
}

export interface StoredTemplate extends MessageTemplate {
  updatedAt: number
}

export class TemplateStore {
  constructor(
    private readonly db: Database,
    private readonly now: () => number = Date.now,
  ) {}

  list(): StoredTemplate[] {
    const rows = this.db
      .prepare('SELECT definition, updated_at FROM message_templates ORDER BY name, language')
      .all() as Row[]
    return rows.map(toStored)
  }

  get(name: string, language: string): StoredTemplate | null {
    const row = this.db
      .prepare('SELECT definition, updated_at FROM message_templates WHERE name = ? AND language = ?')
      .get(name, language) as Row | undefined
    return row ? toStored(row) : null
  }

  /** Creates or replaces the template with this name and language. */
  save(input: unknown): StoredTemplate {
    const parsed = MessageTemplateSchema.safeParse(input)
    if (!parsed.success)
      throw new InvalidTemplateError(parsed.error.issues.map((i) => `${i.path.join('.') || 'template'}: ${i.message}.`))
    const t = parsed.data
    const problems = templateProblems(t)
    if (problems.length) throw new InvalidTemplateError(problems)
    const at = this.now()
    this.db
      .prepare(
        `INSERT INTO message_templates (name, language, category, definition, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (name, language) DO UPDATE SET category = excluded.category, definition = excluded.definition, updated_at = excluded.updated_at`,
      )
      .run(t.name, t.language, t.category, JSON.stringify(t), at, at)
    return { ...t, updatedAt: at }
  }

  delete(name: string, language: string): boolean {
    return (
      this.db.prepare('DELETE FROM message_templates WHERE name = ? AND language = ?').run(name, language).changes > 0
    )
  }
}

function toStored(row: Row): StoredTemplate {
  return { ...(JSON.parse(row.definition) as MessageTemplate), updatedAt: row.updated_at }
}

export function createTemplatesEffect(store: TemplateStore): TemplatesEffect {
  return {
    async get(name, language) {
      const t = store.get(name, language)
      if (!t) return null
      const { updatedAt: _updatedAt, ...template } = t
      return template
    },
  }
}
