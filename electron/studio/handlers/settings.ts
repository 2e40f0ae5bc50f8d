import type { AreaHandlers } from './types'

export const settingsHandlers: AreaHandlers<'settings'> = {
  'settings.get': (req, ctx) => {
    const row = ctx.db.prepare('SELECT value FROM settings WHERE key = ?').get(req.key) as { value: string } | undefined
    return { value: row ? (JSON.parse(row.value) as unknown) : null }
  },
  'settings.set': (req, ctx) => {
    ctx.db
      .prepare(
        `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
      )
      .run(req.key, JSON.stringify(req.value), ctx.now())
    return { value: req.value }
  },
}
