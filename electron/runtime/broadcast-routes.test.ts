// The broadcast routes of the publish API on a real listener over a real SQLite file: the key first, strict
// readers, the CSV import, the dry run, and a broadcast's life (create, read, page, pause, resume, cancel, results).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CreditRuleSchema } from '../../shared/api/commands/manual'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { openDatabase } from '../services/db/open'
import { BroadcastService } from '../services/broadcast/service'
import { SqliteBroadcastStore } from '../services/broadcast/sqlite-broadcasts'
import { startPublishApi } from '../services/publish/start'
import { broadcastRoutes } from './broadcast-routes'
import { storePublishTarget } from './publish-target'
import { SqliteRuntimeStore } from './sqlite-store'

const KEY = 'broadcast-routes-key-0123456789'
const T0 = Date.UTC(2026, 10, 29, 4, 0)
let dir: string
let db: Database
let store: SqliteRuntimeStore
let close: () => Promise<void>
let base: string
let t: number

const flow = buildFlow(
  [
    { type: 'trigger', name: 'start', config: { kind: 'manual' } },
    { type: 'template_message', name: 'promo', config: { templateName: 'autumn_sale', category: 'MARKETING' } },
    { type: 'end', name: 'done' },
  ],
  [
    ['start', 'out', 'promo'],
    ['promo', 'out', 'done'],
  ],
  { id: 'flw_sale', name: 'Autumn sale' },
)

async function call(method: string, url: string, body?: unknown, opts: { key?: string | null; type?: string } = {}) {
  const headers: Record<string, string> = {}
  if (opts.key !== null) headers.authorization = `Bearer ${opts.key ?? KEY}`
  if (body !== undefined) headers['content-type'] = opts.type ?? 'application/json'
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  })
  const text = await res.text()
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    json = null
  }
  return { status: res.status, json: json as Record<string, any>, text, headers: res.headers }
}

beforeEach(async () => {
  t = T0
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brd-routes-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new SqliteRuntimeStore(db, () => t)
  const broadcasts = new SqliteBroadcastStore(db)
  const service = new BroadcastService(broadcasts, () => t)
  const routes = broadcastRoutes({
    service,
    plan: {
      directory: store.directory,
      flow: (id) => store.runningFlow(id),
      rule: CreditRuleSchema.parse({}),
      sendRate: 80,
      conversationLimit: 1000,
      newConversationsSince: (since) => broadcasts.newConversationsSince(since),
      now: () => t,
      noFlow: (id) => `Flow ${id} is not published on this server.`,
    },
  })
  const api = await startPublishApi(storePublishTarget(store, routes), KEY, '127.0.0.1', 0)
  base = api.url.replace(/\/api\/v1$/, '')
  close = async () => {
    await api.app.close()
    await store.close()
  }
  const published = await call('POST', `/api/v1/flows/${flow.id}/versions`, { document: flow })
  expect(published.status, JSON.stringify(published.json)).toBe(201)
})
afterEach(async () => {
  await close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const spec = (extra: Record<string, unknown> = {}) => ({
  name: 'Autumn sale',
  flowId: 'flw_sale',
  audience: { kind: 'segment', tags: ['vip'] },
  schedule: { kind: 'now' },
  ...extra,
})

const CSV = 'phone,name,tags\n+447700900001,Ann,vip\n+447700900002,Bob,vip\n+447700900003,Cy,\nnot a number,Dee,vip\n'

describe('broadcast routes', () => {
  it('answer 401 before anything else, whatever the path or body', async () => {
    for (const [method, url, body] of [
      ['POST', '/api/v1/broadcasts/dry-run', { nonsense: true }],
      ['POST', '/api/v1/broadcasts', spec()],
      ['GET', '/api/v1/broadcasts/brd_nope', undefined],
      ['GET', '/api/v1/broadcasts/brd_nope/results.csv', undefined],
      ['POST', '/api/v1/broadcasts/brd_nope/pause', {}],
    ] as const) {
      const r = await call(method, url, body, { key: null })
      expect(r.status, url).toBe(401)
      expect(r.json.error.code).toBe('unauthorized')
    }
    const csv = await call('POST', '/api/v1/contacts/import', CSV, { key: 'wrong-key-wrong-key', type: 'text/csv' })
    expect(csv.status).toBe(401)
    expect(await store.directory.states(['+447700900001'])).toEqual(new Map())
  })

  it('imports a CSV: upserts contacts, reports refused rows; refuses a file without a phone column', async () => {
    const first = await call('POST', '/api/v1/contacts/import', CSV, { type: 'text/csv' })
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ imported: 3, updated: 0, refused: [{ line: 5, code: 'invalid_number' }] })
    const again = await call('POST', '/api/v1/contacts/import?defaultCountry=GB', 'phone\n07700 900003\n', {
      type: 'text/csv',
    })
    expect(again.json).toMatchObject({ imported: 0, updated: 1, refused: [] })
    const bad = await call('POST', '/api/v1/contacts/import', 'number\n1\n', { type: 'text/csv' })
    expect(bad.status).toBe(400)
    expect(bad.json.error.code).toBe('no_phone_column')
    const huge = await call('POST', '/api/v1/contacts/import', 'phone\n' + 'x'.repeat(33 * 1024 * 1024), {
      type: 'text/csv',
    })
    expect([huge.status, huge.json.error.code, huge.json.error.message]).toEqual([
      413,
      'too_large',
      'The request body is larger than 32 MiB (33,554,432 bytes).',
    ])
    const json = await call('POST', '/api/v1/contacts/import', { phone: '+447700900001' })
    expect(json.json.error.code).toBe('bad_request')
    const country = await call('POST', '/api/v1/contacts/import?defaultCountry=uk', CSV, { type: 'text/csv' })
    expect(country.status).toBe(400)
    expect(country.json.error.message).toContain('defaultCountry')
  })

  it('dry-runs a segment: blocked by opt-out, cost by the credit rule; refuses a bad spec with codes', async () => {
    await call('POST', '/api/v1/contacts/import', CSV, { type: 'text/csv' })
    db.prepare('UPDATE contacts SET opted_in = 0 WHERE phone = ?').run('+447700900002')
    const r = await call('POST', '/api/v1/broadcasts/dry-run', spec())
    expect(r.status).toBe(200)
    expect(r.json).toMatchObject({
      total: 2,
      willSend: 1,
      blocked: { opted_out: 1 },
      cost: { MARKETING: 2, total: 2 },
      startsWithTemplate: true,
      newConversations: 1,
      days: 1,
      firstAt: T0,
    })
    const noFlow = await call('POST', '/api/v1/broadcasts/dry-run', spec({ flowId: 'flw_other' }))
    expect([noFlow.status, noFlow.json.error.code]).toEqual([404, 'not_found'])
    const past = await call(
      'POST',
      '/api/v1/broadcasts/dry-run',
      spec({ schedule: { kind: 'at', local: '2026-11-28T10:00', zone: 'Europe/London' } }),
    )
    expect([past.status, past.json.error.code]).toEqual([422, 'invalid_schedule'])
    const shape = await call('POST', '/api/v1/broadcasts/dry-run', spec({ rate: 0 }))
    expect([shape.status, shape.json.error.code]).toEqual([400, 'bad_request'])
    expect(shape.json.error.issues[0].path).toEqual(['rate'])
  })

  it('creates a broadcast and reads, pages, pauses, resumes, cancels it and exports its results', async () => {
    const contacts = Array.from({ length: 5 }, (_, i) => ({ phone: `+44770090010${i}`, fields: {} }))
    contacts.push({ phone: '+447700900100', fields: {} })
    const made = await call('POST', '/api/v1/broadcasts', spec({ audience: { kind: 'contacts', contacts } }))
    expect(made.status).toBe(201)
    const id = made.json.id as string
    expect(made.json).toMatchObject({ name: 'Autumn sale', status: 'scheduled', counts: { total: 6, blocked: 1 } })
    expect((await call('GET', '/api/v1/broadcasts')).json.broadcasts.map((b: { id: string }) => b.id)).toEqual([id])
    expect((await call('GET', `/api/v1/broadcasts/${id}`)).json.id).toBe(id)
    const page = await call('GET', `/api/v1/broadcasts/${id}/recipients?limit=4`)
    expect(page.json.recipients).toHaveLength(4)
    expect(page.json.next).toBe(4)
    const rest = await call('GET', `/api/v1/broadcasts/${id}/recipients?limit=4&after=4`)
    expect(rest.json).toMatchObject({ next: null, recipients: [{ seq: 5 }, { seq: 6, state: 'blocked' }] })
    const blocked = await call('GET', `/api/v1/broadcasts/${id}/recipients?state=blocked`)
    expect(blocked.json.recipients.map((r: { reason: { code: string } }) => r.reason.code)).toEqual(['duplicate'])
    for (const q of ['state=done', 'limit=0', 'after=x', 'colour=red'])
      expect((await call('GET', `/api/v1/broadcasts/${id}/recipients?${q}`)).status, q).toBe(400)

    expect((await call('POST', `/api/v1/broadcasts/${id}/resume`, {})).json.error.code).toBe('not_paused')
    expect((await call('POST', `/api/v1/broadcasts/${id}/pause`, { now: true })).status).toBe(400)
    expect((await call('POST', `/api/v1/broadcasts/${id}/pause`)).json.status).toBe('paused')
    expect((await call('POST', `/api/v1/broadcasts/${id}/resume`, {})).json.status).toBe('scheduled')
    expect((await call('POST', `/api/v1/broadcasts/${id}/cancel`)).json.status).toBe('cancelled')
    const again = await call('POST', `/api/v1/broadcasts/${id}/pause`)
    expect([again.status, again.json.error.code]).toEqual([409, 'broadcast_finished'])

    const csv = await call('GET', `/api/v1/broadcasts/${id}/results.csv`)
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toBe(`attachment; filename="autumn-sale-${id}.csv"`)
    const lines = csv.text.trim().split('\r\n')
    expect(lines).toHaveLength(7)
    expect(lines[6]).toContain('+447700900100,,blocked,duplicate,')
    expect(lines[1]).toContain(',cancelled,')

    // A spec of many contacts with their fields may be larger than a flow publish's 8 MiB.
    const big = Array.from({ length: 2000 }, (_, i) => ({
      phone: `+4477009${String(i).padStart(5, '0')}`,
      fields: Object.fromEntries(Array.from({ length: 5 }, (_, k) => [`f${k}`, 'x'.repeat(1000)])),
    }))
    const large = await call(
      'POST',
      '/api/v1/broadcasts/dry-run',
      spec({ audience: { kind: 'contacts', contacts: big } }),
    )
    expect([large.status, large.json.total]).toEqual([200, 2000])

    const missing = await call('GET', '/api/v1/broadcasts/brd_nope')
    expect([missing.status, missing.json.error.code]).toEqual([404, 'not_found'])
    expect((await call('GET', '/api/v1/broadcasts/a%20b')).status).toBe(400)
  })
})
