import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { TEST_PHONE_NUMBER_ID } from '../../electron/runtime/testing/channel-payloads'
import { APP_SECRET, CLOUD_TOKEN, VERIFY_TOKEN } from '../../electron/runtime/testing/channel-runtime'
import { startFakeCloudApi, type FakeCloudApi } from '../../electron/runtime/testing/fake-cloud-api'
import { pgRequired, pgUnavailableReason, startTestPg, type TestPg } from '../../electron/runtime/testing/pg-server'
import { startServe, type ServeChild } from '../../electron/runtime/testing/serve-child'
import { test } from './fixtures'
import { RUNTIME_KEY } from './runtime-helpers'

// `chatflow serve` from the server bundle on a live number whose channel is the fake Cloud API, its state in SQLite
// (a temporary data folder) or PostgreSQL (a throwaway cluster, electron/runtime/testing/pg-server.ts), the publish
// API on with RUNTIME_KEY: the start-up every end-to-end test of a production server shares, and its clean-up.

export type Store = 'sqlite' | 'postgres'

export interface ChannelServe {
  fake: FakeCloudApi
  serve: ServeChild
  /** Where the fake Cloud API posts the channel's signed webhooks to this server. */
  webhook: string
  /** Stops serve, then the fake, the database and the data folder; never throws for one of them failing. */
  stop(): Promise<void>
}

/** Skips the running test on PostgreSQL when this machine has no server to start (never in CI: there it fails). */
export function skipWithoutStore(store: Store): void {
  const unavailable = store === 'postgres' ? pgUnavailableReason() : null
  test.skip(unavailable !== null && !pgRequired(), `needs PostgreSQL: ${unavailable}`)
}

/** Starts the fake Cloud API and serve on `store`; `args` are serve's further flags (e.g. a conversation limit). */
export async function startChannelServe(store: Store, args: string[] = []): Promise<ChannelServe> {
  const fake = await startFakeCloudApi()
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-e2e-serve-'))
  let pg: TestPg | undefined
  let serve: ServeChild | undefined
  const stop = async () => {
    const results = await Promise.allSettled([serve?.stop(), fake.close()])
    await pg?.stop()
    fs.rmSync(dir, { recursive: true, force: true })
    const failed = results.find((r) => r.status === 'rejected')
    if (failed) console.warn('stopping serve or the fake Cloud API failed:', (failed as PromiseRejectedResult).reason)
  }
  try {
    const state =
      store === 'sqlite' ? ['--data-dir', dir] : ['--database-url', await (pg = await startTestPg()).freshDatabase()]
    serve = await startServe(
      [
        ...state,
        ...['--port', '0', '--publish-port', '0'],
        ...['--channel', 'cloud-api', '--cloud-phone-number-id', TEST_PHONE_NUMBER_ID],
        ...args,
      ],
      {
        CHATFLOW_PUBLISH_KEY: RUNTIME_KEY,
        CHATFLOW_CLOUD_API_URL: fake.url,
        CHATFLOW_CLOUD_API_TOKEN: CLOUD_TOKEN,
        CHATFLOW_CLOUD_APP_SECRET: APP_SECRET,
        CHATFLOW_CLOUD_VERIFY_TOKEN: VERIFY_TOKEN,
      },
    )
  } catch (err) {
    await stop()
    throw err
  }
  return { fake, serve, webhook: `${serve.hook}/channel/webhook`, stop }
}
