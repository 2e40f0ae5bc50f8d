import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { ContactInput } from '../../../shared/api/commands/contacts'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let t: TempBackend
beforeEach(() => {
  t = createTempBackend({ log: () => {} })
})
afterEach(() => t.cleanup())

const asha: ContactInput = {
  name: 'Asha Rao',
  phone: '+91 98000-00001',
  optedIn: true,
  tags: ['vip', 'vip', 'lead'],
  fields: { city: 'Pune' },
}

describe('contacts commands', () => {
  it('adds a contact with a normalised phone, tags and custom fields, and keeps it across a restart', async () => {
    const { contact } = expectOk(await t.backend.call('contacts.save', asha))
    expect(contact).toMatchObject({
      name: 'Asha Rao',
      phone: '+919800000001',
      optedIn: true,
      tags: ['vip', 'lead'],
      fields: { city: 'Pune' },
    })
    const b = await t.reopen()
    expect(expectOk(await b.call('contacts.list', {})).contacts).toEqual([contact])
  })

  it('saves a new contact as opted out when asked', async () => {
    const { contact } = expectOk(await t.backend.call('contacts.save', { ...asha, optedIn: false }))
    expect(contact.optedIn).toBe(false)
  })

  it('edits name, phone, opt-in, tags and fields; an empty tag list removes the tags', async () => {
    const { contact } = expectOk(await t.backend.call('contacts.save', asha))
    const edited = expectOk(
      await t.backend.call('contacts.save', {
        id: contact.id,
        name: 'Asha R',
        phone: '+44 7700 900123',
        optedIn: false,
        tags: [],
        fields: { plan: 'gold' },
      }),
    ).contact
    expect(edited).toMatchObject({
      id: contact.id,
      name: 'Asha R',
      phone: '+447700900123',
      optedIn: false,
      tags: [],
      fields: { plan: 'gold' },
    })
  })

  it('refuses a number without country code and a number another contact has', async () => {
    const bad = await t.backend.call('contacts.save', { ...asha, phone: '98000 00001' })
    expect(bad.ok ? null : bad.error).toMatchObject({
      code: 'bad_request',
      message: expect.stringContaining('country code'),
    })
    expectOk(await t.backend.call('contacts.save', asha))
    const other = expectOk(
      await t.backend.call('contacts.save', { ...asha, name: 'Ravi', phone: '+919800000002' }),
    ).contact
    const taken = await t.backend.call('contacts.save', { ...asha, id: other.id, name: 'Ravi' })
    expect(taken.ok ? null : taken.error).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Asha Rao'),
    })
  })

  it('searches by part of the name or number, or a tag, and lists by name', async () => {
    expectOk(await t.backend.call('contacts.save', asha))
    expectOk(await t.backend.call('contacts.save', { name: 'bhavna', phone: '+14155550100', optedIn: true }))
    const names = async (query: string) =>
      expectOk(await t.backend.call('contacts.list', { query })).contacts.map((c) => c.name)
    expect(await names('')).toEqual(['Asha Rao', 'bhavna'])
    expect(await names('BHAV')).toEqual(['bhavna'])
    expect(await names('415 555')).toEqual(['bhavna'])
    expect(await names('lead')).toEqual(['Asha Rao'])
    expect(await names('nobody')).toEqual([])
  })

  it('deletes a contact with its runs; deleting it again is not found', async () => {
    const { contact } = expectOk(await t.backend.call('contacts.save', asha))
    const created = expectOk(await t.backend.call('flows.create', {}))
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'message_1', config: { text: 'Hi' } },
      ],
      [['trigger_1', 'out', 'message_1']],
      { id: created.id, name: created.name },
    )
    expectOk(await t.backend.call('flows.save', { document: doc }))
    const run = expectOk(
      await t.backend.call('manual.trigger', { flowId: created.id, contacts: [{ contactId: contact.id }] }),
    ).results[0]!
    expect(run.runId).not.toBeNull()
    expect(JSON.stringify(expectOk(await t.backend.call('logs.list', { flowId: created.id })))).toContain(contact.id)
    expectOk(await t.backend.call('contacts.delete', { id: contact.id }))
    expect(expectOk(await t.backend.call('contacts.list', {})).contacts).toEqual([])
    const logs = expectOk(await t.backend.call('logs.list', { flowId: created.id }))
    expect(JSON.stringify(logs)).not.toContain(contact.id)
    const again = await t.backend.call('contacts.delete', { id: contact.id })
    expect(again.ok ? null : again.error.code).toBe('not_found')
  })
})
