import { createEffects } from '../../../shared/engine'
import { CloudApiAdapter } from '../../runtime/adapters/cloud-api'
import { Runtime } from '../../runtime/runtime'
import { startRuntimeServer, type RuntimeServer } from '../../runtime/server'
import type { RuntimeStore } from '../../runtime/store'
import { TEST_PHONE_NUMBER_ID } from '../../runtime/testing/channel-payloads'
import { CLOUD_TOKEN } from '../../runtime/testing/channel-runtime'
import { startFakeCloudApi, type FakeCloudApi } from '../../runtime/testing/fake-cloud-api'
import { createTempBackend, expectOk, type TempBackend } from '../../studio/testing/backend'

// A studio (a temporary backend) and a production runtime in this process that it drives through the publish API:
// the runtime sends through the Cloud API adapter to the fake Cloud API, runs its broadcasts only when a test asks
// (no poll), and both read the test's clock.

export interface StudioAndRuntime {
  fake: FakeCloudApi
  runtime: Runtime
  server: RuntimeServer
  studio: TempBackend
  close(): Promise<void>
}

export async function startStudioAndRuntime(
  store: RuntimeStore,
  opts: { publishKey: string; now: () => number },
): Promise<StudioAndRuntime> {
  const fake = await startFakeCloudApi()
  const adapter = new CloudApiAdapter({
    baseUrl: fake.url,
    version: 'v25.0',
    phoneNumberId: TEST_PHONE_NUMBER_ID,
    token: { current: () => CLOUD_TOKEN },
  })
  const runtime = new Runtime({
    store,
    adapter,
    effects: createEffects({ clock: { now: opts.now }, ...store.libraryEffects() }),
    log: () => undefined,
    outbox: { backoffMs: 50, pauseMs: 300 },
    broadcasts: { pollMs: null, conversationLimit: 1000 },
  })
  const server = await startRuntimeServer(runtime, {
    settings: { host: '127.0.0.1', port: 0, ratePerSecond: 1000, burst: 2000 },
    publishKey: opts.publishKey,
    publishPort: 0,
    log: () => undefined,
    now: opts.now,
  })
  const studio = createTempBackend({ log: () => undefined, now: opts.now })
  return {
    fake,
    runtime,
    server,
    studio,
    async close() {
      await studio.cleanup()
      await server.close()
      await runtime.close()
      await store.close()
      await fake.close()
    },
  }
}

export interface StudioReadingServer {
  server: RuntimeServer
  studio: TempBackend
  /** The id under which the studio saved the server ("Production"). */
  serverId: string
  call: TempBackend['backend']['call']
  /** Stops the server alone (a test of an unreachable server); once, whoever asks again. */
  closeServer(): Promise<void>
  close(): Promise<void>
}

/** `runtime`'s publish API on a free port behind `publishKey`, and a new studio that has it saved as "Production". */
export async function studioReadingServer(runtime: Runtime, publishKey: string): Promise<StudioReadingServer> {
  const server = await startRuntimeServer(runtime, {
    settings: { host: '127.0.0.1', port: 0, ratePerSecond: 100, burst: 100 },
    publishKey,
    publishPort: 0,
    log: () => undefined,
  })
  const studio = createTempBackend()
  const call = studio.backend.call.bind(studio.backend) as TempBackend['backend']['call']
  const saved = expectOk(
    await call('publish.servers.save', { name: 'Production', baseUrl: server.publishUrl!, key: publishKey }),
  )
  let serverClosed: Promise<void> | undefined
  const closeServer = () => (serverClosed ??= server.close())
  return {
    server,
    studio,
    serverId: saved.id,
    call,
    closeServer,
    async close() {
      await closeServer()
      await studio.cleanup()
    },
  }
}
