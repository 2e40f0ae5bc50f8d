import Database from 'better-sqlite3'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest'
import { ModelError } from '../../../shared/engine/effects'
import { chatAnswer, startFakeModelServer, type FakeModelServer } from '../../services/effects/testing/model-server'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { openDatabase } from '../../services/db/open'
import { publishKeys } from '../publish/key-file'
import { MODEL_SETTING, ModelSettings } from './settings'

let server: FakeModelServer
let temp: TempBackend
beforeAll(async () => {
  server = await startFakeModelServer()
})
afterAll(() => server.close())
beforeEach(() => {
  temp = createTempBackend()
  server.reply(chatAnswer('{"ok":true}'))
})
afterEach(() => temp.cleanup())

/** The row as it sits in the file: what a copy of studio.sqlite would give away. */
function rawRow(t: TempBackend): string | undefined {
  const db = new Database(t.backend.dbFile, { readonly: true })
  try {
    return db.prepare('SELECT value FROM settings WHERE key = ?').pluck().get(MODEL_SETTING) as string | undefined
  } finally {
    db.close()
  }
}

describe('Settings → Model provider (studio)', () => {
  it('saves base URL, model and key; the key is encrypted at rest and never sent back', async () => {
    const b = temp.backend
    expect(expectOk(await b.call('model.settings.get', {}))).toMatchObject({ configured: false, hasKey: false })
    const view = expectOk(
      await b.call('model.settings.save', { baseUrl: server.baseUrl, model: 'llama3.2', key: 'sk-secret-42' }),
    )
    expect(view).toMatchObject({ configured: true, baseUrl: server.baseUrl, model: 'llama3.2', hasKey: true })
    expect(JSON.stringify(view)).not.toContain('sk-secret-42')
    // The generic settings commands cannot address the row.
    const read = await b.call('settings.get', { key: MODEL_SETTING })
    expect(read.ok).toBe(false)
    await b.close()
    const row = rawRow(temp)
    expect(row).toContain('"keyStorage":"keyFile"')
    expect(row).not.toContain('sk-secret-42')
  })

  it('Test connection asks the endpoint with the saved key and says it worked', async () => {
    const b = temp.backend
    expectOk(await b.call('model.settings.save', { baseUrl: server.baseUrl, model: 'm1', key: 'sk-secret-42' }))
    const result = expectOk(await b.call('model.test', {}))
    expect(result).toMatchObject({ ok: true, model: 'm1', provider: new URL(server.baseUrl).host })
    expect(result.message).toContain('Connected')
    expect(server.received.at(-1)!.headers.authorization).toBe('Bearer sk-secret-42')
  })

  it('Test connection reports the failure with its code, and never sends the saved key to another host', async () => {
    const b = temp.backend
    expectOk(await b.call('model.settings.save', { baseUrl: server.baseUrl, model: 'm1', key: 'sk-secret-42' }))
    server.reply({ status: 401, json: { error: { message: 'Incorrect API key' } } })
    const refused = expectOk(await b.call('model.test', {}))
    expect(refused).toMatchObject({ ok: false, code: 'model_error' })
    expect(refused.message).toContain('refused the API key')

    server.reply(chatAnswer('{"ok":true}'))
    const other = server.baseUrl.replace('127.0.0.1', 'localhost')
    expectOk(await b.call('model.test', { baseUrl: other, model: 'm1' }))
    expect(server.received.at(-1)!.headers.authorization).toBeUndefined()
    // Saving another host drops the key typed for the first one.
    expect(expectOk(await b.call('model.settings.save', { baseUrl: other, model: 'm1' })).hasKey).toBe(false)
  })

  it('refuses a base URL it cannot call, saying how to write one', async () => {
    const out = await temp.backend.call('model.settings.save', { baseUrl: 'localhost:11434', model: 'm' })
    expect(out.ok).toBe(false)
    if (!out.ok) expect(out.error.message).toContain('http://127.0.0.1:11434/v1')
  })

  it("the emulator's model effect follows the settings: unavailable until saved, then the endpoint", async () => {
    // The store and effect the back end's emulator uses (studio/effects/service.ts), on a database of its own.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-model-'))
    const db = openDatabase(path.join(dir, 'studio.sqlite'))
    onTestFinished(() => {
      db.close()
      fs.rmSync(dir, { recursive: true, force: true })
    })
    const settings = new ModelSettings(
      db,
      Date.now,
      publishKeys(dir, () => {}),
    )
    const effects = { model: settings.effect() }
    const req = { purpose: 'intent' as const, messages: [{ role: 'user' as const, content: 'hi' }], timeoutMs: 5000 }
    const schema = { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] }
    const err = await effects.model!.complete({ ...req, schema }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ModelError)
    expect((err as ModelError).code).toBe('model_unavailable')
    expect((err as ModelError).message).toContain('Settings → Model provider')

    settings.save({ baseUrl: server.baseUrl, model: 'm2' })
    const answer = await effects.model!.complete({ ...req, schema })
    expect(answer).toMatchObject({ json: { ok: true }, model: 'm2' })

    settings.clear()
    const cleared = await effects.model!.complete({ ...req, schema }).catch((e: unknown) => e)
    expect((cleared as ModelError).code).toBe('model_unavailable')
  })

  it('keeps the key across a restart', async () => {
    expectOk(await temp.backend.call('model.settings.save', { baseUrl: server.baseUrl, model: 'm', key: 'sk-9' }))
    const b = await temp.reopen()
    expectOk(await b.call('model.test', {}))
    expect(server.received.at(-1)!.headers.authorization).toBe('Bearer sk-9')
  })
})
