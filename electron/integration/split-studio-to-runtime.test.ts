// Issue 33: the studio sets, reads and ends a production server's A/B split through the publish API
// (publish.split.get|set|end with the server's saved key). The runtime's behaviour on both stores is in
// electron/runtime/split.test.ts; here, what the studio's commands send and what they bring back, refusals included.
import { afterEach, beforeEach, expect, it } from 'vitest'
import { MemoryAdapter } from '../runtime/adapters/log-adapter'
import { Runtime } from '../runtime/runtime'
import { startRuntimeServer, type RuntimeServer } from '../runtime/server'
import { splitFlow } from '../runtime/testing/split-flow'
import { describeSqliteStore } from '../runtime/testing/stores'
import { createEffects } from '../../shared/engine'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'

const KEY = 'k_split_0123456789abcdef'
const T0 = Date.UTC(2026, 10, 29, 9, 0)

describeSqliteStore('a studio drives a runtime split', (c) => {
  let runtime: Runtime
  let server: RuntimeServer
  let studio: TempBackend

  beforeEach(async () => {
    const { store } = await c.open()
    for (const label of ['A', 'B']) await store.publish(splitFlow(label))
    runtime = new Runtime({
      store,
      adapter: new MemoryAdapter(),
      effects: createEffects({ clock: { now: () => T0 } }),
      log: () => undefined,
    })
    server = await startRuntimeServer(runtime, {
      settings: { host: '127.0.0.1', port: 0, ratePerSecond: 1000, burst: 2000 },
      publishKey: KEY,
      publishPort: 0,
      log: () => undefined,
      now: () => T0,
    })
    studio = createTempBackend({ log: () => undefined, now: () => T0 })
  })
  afterEach(async () => {
    await studio.cleanup()
    await server.close()
    await runtime.close()
  })

  it('sets, reads and ends the split, and says what the server refused', async () => {
    const api = studio.backend
    const { id: serverId } = expectOk(
      await api.call('publish.servers.save', { name: 'Production', baseUrl: server.publishUrl!, key: KEY }),
    )
    const target = { serverId, flowId: 'flw_split' }
    expect(expectOk(await api.call('publish.split.get', target))).toEqual({ split: null })
    const split = expectOk(await api.call('publish.split.set', { ...target, versions: [1, 2], percent: 25 }))
    expect(split).toEqual({ flowId: 'flw_split', versions: [1, 2], percent: 25, since: T0 })
    expect(expectOk(await api.call('publish.split.get', target))).toEqual({ split })

    // The studio's own check: the schema refuses the same version twice before anything is sent.
    const same = await api.call('publish.split.set', { ...target, versions: [2, 2], percent: 25 })
    expect(same).toMatchObject({ ok: false, error: { code: 'bad_request' } })
    // The server's: a version it does not have, named with the server.
    const unknown = await api.call('publish.split.set', { ...target, versions: [1, 5], percent: 25 })
    expect(unknown).toEqual({
      ok: false,
      error: {
        code: 'unknown_version',
        message: '"Production" answered 422: Flow flw_split has no published version 5; its versions are 1 and 2.',
      },
    })
    const outside = await api.call('publish.split.end', { ...target, keep: 3 })
    expect(outside).toMatchObject({ ok: false, error: { code: 'keep_not_in_split' } })

    const kept = expectOk(await api.call('publish.split.end', { ...target, keep: 1 }))
    expect(kept).toMatchObject({ flowId: 'flw_split', version: 1, active: true })
    expect(expectOk(await api.call('publish.split.get', target))).toEqual({ split: null })
    const versions = expectOk(await api.call('publish.remote.versions', target))
    expect(versions.find((v) => v.active)?.version).toBe(1)
  })
})
