import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

// Saved settings damaged on disk (written while the studio was closed) are reported by name, never silently reset.
let t: TempBackend
beforeEach(() => {
  t = createTempBackend({ log: () => {} })
})
afterEach(() => t.cleanup())

async function damage(rows: Record<string, string>): Promise<void> {
  await t.backend.close()
  const db = new Database(path.join(t.dataDir, 'studio.sqlite'))
  const put = db.prepare('INSERT OR REPLACE INTO settings (key, value, updated_at) VALUES (?, ?, 0)')
  for (const [key, value] of Object.entries(rows)) put.run(key, value)
  db.close()
  await t.reopen()
}

describe('saved settings that cannot be read', () => {
  it('fail the reads that show them, naming the setting', async () => {
    await damage({ 'flows.sort': '{"broken', 'logs.retention': '{"days": "forever"}', 'manual.creditRule': '[]' })
    const sort = await t.backend.call('settings.get', { key: 'flows.sort' })
    expect(sort).toMatchObject({ ok: false, error: { code: 'setting_unreadable' } })
    expect(!sort.ok && sort.error.message).toMatch(/"flows\.sort": it is not valid JSON/)
    const retention = await t.backend.call('logs.retention.get', {})
    expect(!retention.ok && retention.error.message).toMatch(
      /saved log retention cannot be read \(setting "logs\.retention": days:/,
    )
    const rule = await t.backend.call('manual.creditRule', {})
    expect(!rule.ok && rule.error.message).toMatch(/saved credit rule cannot be read/)
  })

  it('are replaced by saving them again', async () => {
    await damage({ 'logs.retention': 'not json' })
    expectOk(await t.backend.call('logs.retention.set', { days: 30, keepLast: null }))
    expect(expectOk(await t.backend.call('logs.retention.get', {}))).toEqual({ days: 30, keepLast: null })
  })

  it('that services need at start-up become a notice, and the defaults apply', async () => {
    await damage({ 'webhook.listener': '{"port": "seven"}', 'logs.retention': '{' })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const { notices } = expectOk(await t.backend.call('studio.notices', {}))
    expect(notices.map((n) => n.code)).toEqual(['setting_unreadable', 'setting_unreadable'])
    expect(notices.map((n) => n.message).join('\n')).toMatch(
      /webhook listener settings cannot be read[\s\S]*log retention cannot be read/,
    )
    const listener = expectOk(await t.backend.call('webhook.listener.get', {}))
    expect(listener).toMatchObject({ host: '127.0.0.1', ratePerSecond: 20 })
  })
})
