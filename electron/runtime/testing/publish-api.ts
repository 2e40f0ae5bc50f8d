import { createEffects } from '../../../shared/engine'
import type { FlowDocument } from '../../../shared/flow/document'
import { ListenerSettingsSchema } from '../../services/webhook/settings'
import { MemoryAdapter } from '../adapters/log-adapter'
import type { Runtime } from '../runtime'
import { startRuntimeServer, type RuntimeServer } from '../server'
import type { RuntimeStore } from '../store'
import { testRuntime } from './runtime-fixtures'

// A runtime with `flow` published, on the test's clock, sending to a MemoryAdapter, its publish API on a free port
// behind `publishKey`: what the publish API's route tests call over HTTP.

export interface PublishApiRuntime {
  runtime: Runtime
  server: RuntimeServer
  adapter: MemoryAdapter
  /** Move `clock.now` to move the runtime's time. */
  clock: { now: number }
  /** A request to the publish API: a string body is sent as it is, anything else as JSON; the answer's JSON. */
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    key?: string,
  ): Promise<{ status: number; body: Record<string, any> }>
  close(): Promise<void>
}

export async function startPublishApiRuntime(
  store: RuntimeStore,
  flow: FlowDocument,
  opts: { publishKey: string; t0: number },
): Promise<PublishApiRuntime> {
  await store.publish(flow)
  const clock = { now: opts.t0 }
  const adapter = new MemoryAdapter()
  const { runtime } = testRuntime(store, adapter, { effects: createEffects({ clock: { now: () => clock.now } }) })
  const server = await startRuntimeServer(runtime, {
    settings: { ...ListenerSettingsSchema.parse({}), port: 0 },
    publishKey: opts.publishKey,
    publishPort: 0,
    log: () => undefined,
  })
  const call: PublishApiRuntime['call'] = async (method, path, body, key = opts.publishKey) => {
    const res = await fetch(`${server.publishUrl}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${key}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    })
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }
  return {
    runtime,
    server,
    adapter,
    clock,
    call,
    async close() {
      await server.close()
      await runtime.close()
    },
  }
}
