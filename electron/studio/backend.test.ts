import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { commands } from '../../shared/api'
import { handlers } from './handlers'
import { createTempBackend, expectOk, type TempBackend } from './testing/backend'

let t: TempBackend
let clock: number

beforeEach(() => {
  clock = 1_700_000_000_000
  t = createTempBackend({ now: () => (clock += 1000), log: () => {} })
})
afterEach(() => t.cleanup())

describe('the contract', () => {
  it('has exactly one handler per command', () => {
    expect(Object.keys(handlers).sort()).toEqual(Object.keys(commands).sort())
  })
})

describe('bad requests', () => {
  it('answers an unknown command with unknown_command', async () => {
    const r = await t.backend.call('flows.explode', {})
    expect(r).toMatchObject({ ok: false, error: { code: 'unknown_command' } })
  })

  it('answers inherited object keys as unknown commands, not as handlers', async () => {
    for (const name of ['toString', '__proto__', 'constructor']) {
      expect(await t.backend.call(name, {})).toMatchObject({ ok: false, error: { code: 'unknown_command' } })
    }
  })

  it('answers a payload of the wrong shape with bad_request and the path of the problem', async () => {
    const r = await t.backend.call('flows.rename', { id: 'x', name: 42 })
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('bad_request')
    expect(r.error.issues?.[0]?.path).toEqual(['name'])
  })

  it('rejects non-object payloads and blank names', async () => {
    expect(await t.backend.call('flows.get', 'flw_1')).toMatchObject({ error: { code: 'bad_request' } })
    expect(await t.backend.call('flows.get', null)).toMatchObject({ error: { code: 'bad_request' } })
    expect(await t.backend.call('flows.create', { name: '   ' })).toMatchObject({ error: { code: 'bad_request' } })
  })

  it('rejects a saved document that breaks the flow schema', async () => {
    const flow = expectOk(await t.backend.call('flows.create', {}))
    const broken = { ...flow.document, nodes: [{ id: 'n', type: 'teleport', name: 'x', position: {}, config: {} }] }
    const r = await t.backend.call('flows.save', { document: broken })
    expect(r).toMatchObject({ ok: false, error: { code: 'bad_request' } })
  })

  it('keeps serving after bad requests', async () => {
    await t.backend.call('nope', undefined)
    await t.backend.call('flows.save', { document: 'garbage' })
    expect(expectOk(await t.backend.call('flows.list', {}))).toEqual([])
  })

  it('answers not_found for missing flows', async () => {
    for (const command of ['flows.get', 'flows.duplicate', 'flows.delete', 'flows.restore'] as const) {
      expect(await t.backend.call(command, { id: 'flw_missing' })).toMatchObject({ error: { code: 'not_found' } })
    }
  })

  it('answers unavailable once closed', async () => {
    await t.backend.close()
    expect(await t.backend.call('flows.list', {})).toMatchObject({ error: { code: 'unavailable' } })
    t.backend = (await import('./backend')).createBackend({ dataDir: t.dataDir, log: () => {} })
  })
})

describe('settings', () => {
  it('stores JSON values that survive a restart', async () => {
    expect(expectOk(await t.backend.call('settings.get', { key: 'flows.sort' }))).toEqual({ value: null })
    expectOk(await t.backend.call('settings.set', { key: 'flows.sort', value: { by: 'name' } }))
    await t.reopen()
    expect(expectOk(await t.backend.call('settings.get', { key: 'flows.sort' }))).toEqual({ value: { by: 'name' } })
  })

  it('rejects keys outside the allowed form', async () => {
    expect(await t.backend.call('settings.set', { key: '../x', value: 1 })).toMatchObject({
      error: { code: 'bad_request' },
    })
  })
})
