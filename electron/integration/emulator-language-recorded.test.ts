// A conversation recorded in the emulator with a contact whose stored language started the run keeps that language
// (`contact.language`), so it replays in it in the studio and in `chatflow test`; one the run did not choose by the
// stored language (the default here) stores none (docs/languages.md, "Tests per language").
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../shared/flow/document'
import { serialiseFlow } from '../../shared/flow/serialise'
import { setTranslation } from '../../shared/flow/translations'
import { runFiles } from '../cli/commands/test'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'

let temp: TempBackend
let dir: string
beforeEach(() => {
  temp = createTempBackend({ now: () => Date.UTC(2026, 0, 1, 9) })
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-language-recorded-'))
})
afterEach(async () => {
  await temp.cleanup()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function bilingual(): Promise<FlowDocument> {
  const created = expectOk(await temp.backend.call('flows.create', { name: 'Greeting' }))
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['hi'] } },
      { type: 'message', name: 'welcome', config: { text: 'Welcome! ({{contact.language}})' } },
    ],
    [['trigger_1', 'out', 'welcome']],
    { id: created.id, name: 'Greeting', active: true },
  )
  const document = setTranslation(
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
    doc.nodes[1]!.id,
    '/text',
    '¡Bienvenido! ({{contact.language}})',
    'Welcome! ({{contact.language}})',
  )
  expectOk(await temp.backend.call('flows.save', { document, expectedRevision: created.revision }))
  return document
}

async function recordAndReplay(doc: FlowDocument, language: string | null, name: string) {
  const api = temp.backend
  const contact = expectOk(await api.call('emulator.contact', {}))
  expectOk(await api.call('emulator.updateContact', { contactId: contact.id, language }))
  const t = { flowId: doc.id, contactId: contact.id }
  const started = expectOk(await api.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'hi' } }))
  const said = JSON.stringify(started.session.messages.at(-1)?.payload)
  const saved = expectOk(await api.call('emulator.saveTest', { ...t, name, presets: {} }))
  // The contact's language is changed before the replays: they must not depend on what the studio has stored.
  expectOk(await api.call('emulator.updateContact', { contactId: contact.id, language: language ? null : 'es' }))
  fs.writeFileSync(path.join(dir, 'flow.flow.json'), serialiseFlow(doc))
  fs.mkdirSync(path.join(dir, 'flow.tests'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'flow.tests', `${name}.yaml`), saved.yaml)
  let out = ''
  const code = await runFiles([path.join(dir, 'flow.tests', `${name}.yaml`)], (s) => (out += s))
  const results = expectOk(await api.call('emulator.runTests', { flowId: doc.id }))
  return { said, yaml: saved.yaml, cli: { code, out }, studio: results.find((r) => r.name === name)!.lastRun! }
}

describe("a recorded conversation keeps the contact's stored language", () => {
  it('Spanish stored: the test stores es and replays in Spanish in the studio and chatflow test', async () => {
    const doc = await bilingual()
    const r = await recordAndReplay(doc, 'es', 'spanish')
    expect(r.said).toContain('¡Bienvenido! (es)')
    expect(r.yaml).toMatch(/contact:[\s\S]*language: es/)
    expect(r.cli.out).toContain('1 passed, 0 failed')
    expect(r.cli.code).toBe(0)
    expect(r.studio).toMatchObject({ passed: true, failures: [] })
  })

  it('none stored (the default spoke): the test stores none, and replays in the default', async () => {
    const doc = await bilingual()
    const r = await recordAndReplay(doc, null, 'english')
    expect(r.said).toContain('Welcome! (en)')
    expect(r.yaml).not.toContain('language:')
    expect(r.cli.code).toBe(0)
    expect(r.studio).toMatchObject({ passed: true, failures: [] })
  })
})
