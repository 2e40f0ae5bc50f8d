// Takeovers over the studio's real SQLite database (migration 027): one open takeover per contact, the end with its
// variables, the transcript in order, the list newest first with the contact's name and phone.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../db/open'
import { ContactStore } from '../runs/contacts'
import { HandoverConflict, HandoverStore } from './store'
import type { Handover } from '../../../shared/engine'

let dir: string
let db: Database
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-handovers-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const takeover = (id: string, since: number, extra: Partial<Handover> = {}): Handover => ({
  id,
  since,
  by: 'studio',
  runId: null,
  flowId: null,
  nodeId: null,
  until: null,
  note: null,
  ...extra,
})

describe('HandoverStore', () => {
  it('keeps one open takeover per contact, ends it with the variables, and opens the next', () => {
    const contacts = new ContactStore(db, () => 1)
    const asha = contacts.ensure({ phone: '+919800000001', name: 'Asha' })
    const store = new HandoverStore(db)
    expect(store.current(asha.id)).toBeNull()
    const first = takeover('hnd_1', 1000, { by: 'node', runId: 'run_1', flowId: 'f_1', nodeId: 'n_1', until: 5000 })
    store.open(asha.id, first)
    expect(store.current(asha.id)).toEqual(first)
    expect(() => store.open(asha.id, takeover('hnd_2', 2000))).toThrow(HandoverConflict)
    store.apply(asha.id, { end: { handoverId: 'hnd_1', at: 3000, by: 'api', variables: { resolved: true } } })
    expect(store.current(asha.id)).toBeNull()
    expect(store.get('hnd_1')).toMatchObject({ endedAt: 3000, endedBy: 'api', returnVars: { resolved: true } })
    expect(() => store.end({ handoverId: 'hnd_1', at: 4000, by: 'studio', variables: {} })).toThrow(
      expect.objectContaining({ code: 'not_with_person' }),
    )
    store.apply(asha.id, { start: takeover('hnd_2', 4000, { note: 'refund' }) })
    expect(store.current(asha.id)?.id).toBe('hnd_2')
  })

  it('the database itself refuses a second open takeover (the partial unique index)', () => {
    const asha = new ContactStore(db, () => 1).ensure({ phone: '+919800000001' })
    const insert = db.prepare("INSERT INTO handovers (id, contact_id, since, by) VALUES (?, ?, 1, 'api')")
    insert.run('hnd_a', asha.id)
    expect(() => insert.run('hnd_b', asha.id)).toThrow(/UNIQUE/)
  })

  it('keeps the transcript in order and lists takeovers newest first, open only or all', () => {
    const contacts = new ContactStore(db, () => 1)
    const asha = contacts.ensure({ phone: '+919800000001', name: 'Asha' })
    const ravi = contacts.ensure({ phone: '+919800000002', name: 'Ravi' })
    const store = new HandoverStore(db)
    store.open(asha.id, takeover('hnd_a', 1000))
    store.open(ravi.id, takeover('hnd_r', 2000))
    expect(store.append('hnd_a', 1100, { direction: 'in', message: { type: 'text', text: 'hello?' } }).seq).toBe(0)
    store.append('hnd_a', 1200, { direction: 'out', message: { type: 'text', text: { body: 'I am here' } } })
    expect(store.transcript('hnd_a')).toEqual([
      { seq: 0, at: 1100, direction: 'in', message: { type: 'text', text: 'hello?' } },
      { seq: 1, at: 1200, direction: 'out', message: { type: 'text', text: { body: 'I am here' } } },
    ])
    store.end({ handoverId: 'hnd_r', at: 2500, by: 'studio', variables: {} })
    expect(store.list({ open: true, limit: 10 }).map((h) => [h.id, h.contactName])).toEqual([['hnd_a', 'Asha']])
    expect(store.list({ open: false, limit: 10 }).map((h) => [h.id, h.contactPhone, h.endedBy])).toEqual([
      ['hnd_r', '+919800000002', 'studio'],
      ['hnd_a', '+919800000001', null],
    ])
  })

  it('goes with its contact: deleting the contact deletes its takeovers and transcripts', () => {
    const asha = new ContactStore(db, () => 1).ensure({ phone: '+919800000001' })
    const store = new HandoverStore(db)
    store.open(asha.id, takeover('hnd_a', 1000))
    store.append('hnd_a', 1100, { direction: 'in', message: { type: 'text', text: 'hi' } })
    db.prepare('DELETE FROM contacts WHERE id = ?').run(asha.id)
    expect(store.get('hnd_a')).toBeNull()
    expect(store.transcript('hnd_a')).toEqual([])
  })
})
