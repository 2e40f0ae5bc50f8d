import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { setTranslation } from '../../../shared/flow/translations'
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

async function bilingualFlow() {
  const created = expectOk(await api.call('flows.create', { name: 'Greeting' }))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'message', name: 'welcome', config: { text: 'Welcome!' } },
    ],
    [['trigger_1', 'out', 'welcome']],
    { id: created.id, name: 'Greeting', active: true },
  )
  const welcome = doc.nodes.find((n) => n.name === 'welcome')!
  const bilingual = setTranslation(
    {
      ...doc,
      settings: {
        locale: 'en-GB',
        timeZone: 'UTC',
        defaultCountry: null,
        languages: { list: ['en', 'es'], default: 'en', from: null, detect: false },
      },
    },
    'es',
    welcome.id,
    '/text',
    '¡Bienvenido!',
    'Welcome!',
  )
  expectOk(await api.call('flows.save', { document: bilingual, expectedRevision: created.revision }))
  return created.id
}

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

  it('starts a run of a flow in several languages in the contact language', async () => {
    const flowId = await bilingualFlow()
    const contact = expectOk(await api.call('emulator.contact', {}))
    const english = expectOk(
      await api.call('emulator.start', { flowId, contactId: contact.id, trigger: { kind: 'keyword', text: 'hi' } }),
    )
    expect(JSON.stringify(english.session.messages.at(-1)?.payload)).toContain('Welcome!')
    expectOk(await api.call('emulator.updateContact', { contactId: contact.id, language: 'es' }))
    const spanish = expectOk(
      await api.call('emulator.start', { flowId, contactId: contact.id, trigger: { kind: 'keyword', text: 'hi' } }),
    )
    expect(JSON.stringify(spanish.session.messages.at(-1)?.payload)).toContain('¡Bienvenido!')
  })
})
