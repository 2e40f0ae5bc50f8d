// broadcasts.* with target 'studio' through the back end (a real SQLite file): the CSV checked and saved as
// contacts, a segment's dry run, and a scheduled broadcast's commands (nothing is due, so nothing races the clock).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { BroadcastSpecInput } from '../../../shared/broadcast'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

const T0 = Date.UTC(2026, 10, 29, 4, 0)
let t: TempBackend
beforeEach(() => {
  t = createTempBackend({ log: () => {}, now: () => T0 })
})
afterEach(() => t.cleanup())

async function savedFlow() {
  const created = expectOk(await t.backend.call('flows.create', {}))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'template_message', name: 'promo', config: { templateName: 'autumn_sale', category: 'MARKETING' } },
      { type: 'end', name: 'done' },
    ],
    [
      ['trigger_1', 'out', 'promo'],
      ['promo', 'out', 'done'],
    ],
    { id: created.id, name: created.name },
  )
  expectOk(await t.backend.call('flows.save', { document: doc }))
  return created.id
}

const CSV = 'phone,name,tags,city\n+447700900001,Ann,vip,Leeds\n+447700900002,Bob,"vip,new",York\n12,Short,,\n'

describe('broadcasts commands (studio)', () => {
  it('checks a CSV without saving, then saves its contacts with tags and fields', async () => {
    const read = expectOk(await t.backend.call('broadcasts.importCsv', { text: CSV }))
    expect(read.contacts.map((c) => c.phone)).toEqual(['+447700900001', '+447700900002'])
    expect(read.refused).toMatchObject([{ line: 4, code: 'invalid_number' }])
    expect(expectOk(await t.backend.call('contacts.list', {})).contacts).toEqual([])
    expect(expectOk(await t.backend.call('broadcasts.saveContacts', { contacts: read.contacts }))).toEqual({
      imported: 2,
      updated: 0,
    })
    const listed = expectOk(await t.backend.call('contacts.list', {})).contacts
    expect(listed.map((c) => [c.name, c.tags, c.fields])).toEqual([
      ['Ann', ['vip'], { city: 'Leeds' }],
      ['Bob', ['vip', 'new'], { city: 'York' }],
    ])
    const bad = await t.backend.call('broadcasts.importCsv', { text: 'name\nAnn\n' })
    expect(bad.ok ? null : bad.error.code).toBe('no_phone_column')
  })

  it('dry-runs a segment and runs a scheduled broadcast’s commands', async () => {
    const flowId = await savedFlow()
    const read = expectOk(await t.backend.call('broadcasts.importCsv', { text: CSV }))
    expectOk(await t.backend.call('broadcasts.saveContacts', { contacts: read.contacts }))
    const spec: BroadcastSpecInput = {
      name: 'New customers',
      flowId,
      audience: { kind: 'segment' as const, tags: ['new'] },
      schedule: { kind: 'at' as const, local: '2026-12-01T10:00', zone: 'Europe/London' },
    }
    const dry = expectOk(await t.backend.call('broadcasts.dryRun', { target: 'studio', spec })).report
    expect(dry).toMatchObject({
      total: 1,
      willSend: 1,
      cost: { MARKETING: 2, total: 2 },
      firstAt: Date.UTC(2026, 11, 1, 10),
    })
    const made = expectOk(await t.backend.call('broadcasts.create', { target: 'studio', spec })).broadcast
    expect(made).toMatchObject({ status: 'scheduled', counts: { total: 1, pending: 1 } })
    const id = made.id
    expect(expectOk(await t.backend.call('broadcasts.list', { target: 'studio' })).broadcasts).toHaveLength(1)
    const page = expectOk(await t.backend.call('broadcasts.recipients', { target: 'studio', id, limit: 1 }))
    expect(page).toMatchObject({ next: 1, recipients: [{ phone: '+447700900002', state: 'pending' }] })
    expect(expectOk(await t.backend.call('broadcasts.pause', { target: 'studio', id })).broadcast.status).toBe('paused')
    expect(expectOk(await t.backend.call('broadcasts.resume', { target: 'studio', id })).broadcast.status).toBe(
      'scheduled',
    )
    expect(expectOk(await t.backend.call('broadcasts.cancel', { target: 'studio', id })).broadcast.status).toBe(
      'cancelled',
    )
    const csv = expectOk(await t.backend.call('broadcasts.resultsCsv', { target: 'studio', id }))
    expect(csv.fileName).toBe(`new-customers-${id}.csv`)
    expect(csv.text).toContain('+447700900002,Bob,cancelled')
    const past = await t.backend.call('broadcasts.create', {
      target: 'studio',
      spec: { ...spec, schedule: { kind: 'at', local: '2026-11-01T10:00', zone: 'Europe/London' } },
    })
    expect(past.ok ? null : past.error.code).toBe('invalid_schedule')
    const unknown = await t.backend.call('broadcasts.get', { target: 'studio', id: 'brd_nope' })
    expect(unknown.ok ? null : unknown.error.code).toBe('not_found')
    const server = await t.backend.call('broadcasts.list', { target: { serverId: 'srv_nope' } })
    expect(server.ok ? null : server.error.code).toBe('not_found')
  })
})
