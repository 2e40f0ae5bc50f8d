// integrations.flowEndpoint over the studio's back end, against a real endpoint server on 127.0.0.1
// (electron/services/effects/flow-endpoint.test.ts tests the exchange itself).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEndpointServer, type EndpointServer } from '../../services/effects/flow-endpoint-server'
import { createTempBackend, expectOk } from '../testing/backend'

let server: EndpointServer
beforeAll(async () => {
  server = await startEndpointServer()
})
afterAll(() => server.close())

const endpoint = () => ({ url: `${server.base}/`, publicKey: server.publicKey, plaintext: false })

describe('integrations.flowEndpoint', () => {
  it('integrations.flowEndpoint runs the exchange through the back end, validating the request', async () => {
    const temp = createTempBackend()
    try {
      const r = expectOk(
        await temp.backend.call('integrations.flowEndpoint', {
          endpoint: endpoint(),
          request: { action: 'INIT', flow_token: 'ftok_9' },
        }),
      )
      expect(r.reply).toEqual({ kind: 'screen', screen: 'DETAILS', data: { greeting: 'Hello from the endpoint' } })
      const bad = await temp.backend.call('integrations.flowEndpoint', {
        endpoint: endpoint(),
        request: { action: 'JUMP', flow_token: 'x' },
      })
      expect(bad.ok ? null : bad.error.code).toBe('bad_request')
    } finally {
      await temp.cleanup()
    }
  })
})
