// Test support: a runtime in this process with the Cloud API adapter pointed at the fake Cloud API and its
// listener on 127.0.0.1 (any free port) carrying /channel/webhook, /healthz, /readyz and /metrics.
import { createEffects } from '../../../shared/engine'
import { CloudApiAdapter } from '../adapters/cloud-api'
import { silentLogger, type Logger } from '../logging'
import { RuntimeMetrics } from '../metrics'
import { Runtime, type RuntimeOptions } from '../runtime'
import { startRuntimeServer, type RuntimeServer } from '../server'
import type { RuntimeStore } from '../store'
import { TEST_PHONE_NUMBER_ID } from './channel-payloads'
import type { FakeCloudApi } from './fake-cloud-api'

export const APP_SECRET = 'app-secret-0123456789abcdef'
export const VERIFY_TOKEN = 'verify-me-please'
export const CLOUD_TOKEN = 'EAAG-secret-token-do-not-log'

export interface ChannelRuntime {
  runtime: Runtime
  server: RuntimeServer
  adapter: CloudApiAdapter
  metrics: RuntimeMetrics
  /** http://127.0.0.1:port */
  url: string
  webhook: string
  /** Resolves once recorded messages are processed and the outbox has nothing due. */
  settle(): Promise<void>
  close(): Promise<void>
}

export async function startChannelRuntime(
  store: RuntimeStore,
  fake: FakeCloudApi,
  opts: Partial<RuntimeOptions> = {},
  /** Where the runtime's JSON log lines go (default: nowhere). */
  logger: Logger = silentLogger(),
): Promise<ChannelRuntime> {
  const adapter = new CloudApiAdapter({
    baseUrl: fake.url,
    version: 'v25.0',
    phoneNumberId: TEST_PHONE_NUMBER_ID,
    token: { current: () => CLOUD_TOKEN },
  })
  const metrics = new RuntimeMetrics({ defaults: false })
  const runtime = new Runtime({
    store,
    adapter,
    effects: createEffects(),
    log: () => undefined,
    ...opts,
    outbox: { backoffMs: 50, pauseMs: 300, ...opts.outbox },
  })
  const server = await startRuntimeServer(runtime, {
    settings: { host: '127.0.0.1', port: 0, ratePerSecond: 1000, burst: 2000 },
    channel: {
      appSecret: APP_SECRET,
      verifyToken: VERIFY_TOKEN,
      phoneNumberId: TEST_PHONE_NUMBER_ID,
      inbox: { backoffMs: 50 },
    },
    adapter,
    metrics,
    logger,
    log: () => undefined,
  })
  const url = server.listener.url!
  let closed = false
  return {
    runtime,
    server,
    adapter,
    metrics,
    url,
    webhook: `${url}/channel/webhook`,
    async settle() {
      await server.inbox!.idle()
      await runtime.idle()
    },
    /** Idempotent: a test may stop it midway and the clean-up stops it again. */
    async close() {
      if (closed) return
      closed = true
      await server.close()
      await runtime.close()
    },
  }
}
