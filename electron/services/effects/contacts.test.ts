import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createEffects } from '../../../shared/engine/effects'
import { createRenderer } from '../../../shared/engine/render'
import { leadManagementDefinition, type LeadManagementConfig } from '../../../shared/nodes/lead_management/definition'
import { runLead } from '../../../shared/nodes/lead_management/run'
import { openDatabase } from '../db/open'
import { ContactStore, type ContactRecord } from '../runs/contacts'
import { createContactsEffect } from './contacts'

let dir: string
let db: Database
let store: ContactStore
let ann: ContactRecord

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-lead-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new ContactStore(db, () => Date.UTC(2026, 0, 2))
  ann = store.ensure({
    phone: '+919800000001',
    name: 'Ann Lee',
    fields: { email: 'ann@example.com', companyName: 'Acme', tier: 'gold', tags: ['vip'] },
  })
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

function lead(patch: Partial<LeadManagementConfig>, vars: Record<string, unknown> = {}, contact = ann) {
  return runLead({
    config: { ...leadManagementDefinition.defaults(), ...patch },
    contact,
    effects: createEffects({ contacts: createContactsEffect(store) }),
    ...createRenderer(vars),
  })
}

describe('Lead Management against the contacts store', () => {
  it('get_details saves standard and custom fields with the prefix', async () => {
    const out = await lead({})
    expect(out.kind).toBe('next')
    const vars = (out as { vars: Record<string, unknown> }).vars
    expect(vars).toMatchObject({
      lead_name: 'Ann Lee',
      lead_phone: '+919800000001',
      lead_email: 'ann@example.com',
      lead_companyName: 'Acme',
      lead_tier: 'gold',
      lead_tags: ['vip'],
      lead_city: '',
      lead_createdAt: '2026-01-02T00:00:00.000Z',
    })
    const other = await lead({ prefix: 'c_' })
    expect((other as { vars: Record<string, unknown> }).vars.c_email).toBe('ann@example.com')
  })

  it('update_fields writes the store, keeping a single placeholder typed', async () => {
    await lead(
      {
        action: 'update_fields',
        fields: [
          { field: 'email', value: '{{email}}' },
          { field: 'age', value: '{{age}}' },
          { field: 'name', value: 'Ann {{last}}' },
        ],
      },
      { email: 'new@x.io', age: 31, last: 'Smith' },
    )
    const saved = store.get(ann.id)!
    expect(saved.name).toBe('Ann Smith')
    expect(saved.fields).toMatchObject({ email: 'new@x.io', age: 31, companyName: 'Acme', tags: ['vip'] })
  })

  it('refuses to change the phone or to empty the name', async () => {
    await expect(lead({ action: 'update_fields', fields: [{ field: 'phone', value: '+1' }] })).rejects.toMatchObject({
      code: 'lead_readonly_field',
    })
    await expect(
      lead({ action: 'update_fields', fields: [{ field: 'name', value: '{{unset}}' }] }),
    ).rejects.toMatchObject({ code: 'lead_empty_name' })
    expect(store.get(ann.id)!.name).toBe('Ann Lee')
  })

  it('adds tags without duplicates and removes them case-insensitively', async () => {
    await lead({ action: 'add_tags', tags: ['VIP', 'order-{{id}}', ' '] }, { id: 7 })
    expect(store.get(ann.id)!.fields.tags).toEqual(['vip', 'order-7'])
    await lead({ action: 'remove_tags', tags: ['Vip', 'absent'] })
    expect(store.get(ann.id)!.fields.tags).toEqual(['order-7'])
  })

  it('fails clearly when the run contact is not in the store', async () => {
    await expect(lead({}, {}, { ...ann, id: 'ct_missing' })).rejects.toMatchObject({ code: 'contact_not_found' })
  })
})
