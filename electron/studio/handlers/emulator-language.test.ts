import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import type { Backend } from '../backend'

// The emulator's contact has a language (docs/languages.md, "Designing in several languages"): the tester sets it
// in the contact panel, the studio keeps it with the contact, and a run of a flow in several languages starts in it.

let temp: TempBackend
let api: Backend

beforeEach(() => {
  temp = createTempBackend({ now: () => Date.UTC(2026, 0, 1, 9) })
  api = temp.backend
})
afterEach(() => temp.cleanup())

describe("the emulator contact's language", () => {
  it('is kept with the contact, none at first, and cleared with null', async () => {
    const contact = expectOk(await api.call('emulator.contact', {}))
    expect(contact.language).toBeNull()
    const set = expectOk(await api.call('emulator.updateContact', { contactId: contact.id, language: 'es' }))
    expect(set.language).toBe('es')
    // Other edits leave it as it is.
    expect(expectOk(await api.call('emulator.updateContact', { contactId: contact.id, name: 'Ana' })).language).toBe(
      'es',
    )
    expect(expectOk(await api.call('emulator.contact', {})).language).toBe('es')
    expect(
      expectOk(await api.call('emulator.updateContact', { contactId: contact.id, language: null })).language,
    ).toBeNull()
  })

  it('refuses a tag too long to be one, with the field named', async () => {
    const contact = expectOk(await api.call('emulator.contact', {}))
    const r = await api.call('emulator.updateContact', { contactId: contact.id, language: 'x'.repeat(36) })
    expect(r).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  })
})
