import { expect, it } from 'vitest'
import type { WebhookListenerStatus } from '../../shared/api/commands/webhook'
import { listenerLine, parsePort, portToOffer } from './status'

const base: WebhookListenerStatus = {
  state: 'listening',
  host: '127.0.0.1',
  port: 7373,
  ratePerSecond: 20,
  burst: 40,
  url: 'http://127.0.0.1:7373',
  warning: null,
  error: null,
  suggestedPort: null,
}

it('describes each listener state', () => {
  expect(listenerLine(base)).toBe('Listening on http://127.0.0.1:7373 · 20 requests/s per flow (bursts of 40)')
  const failed = {
    ...base,
    state: 'failed' as const,
    url: null,
    suggestedPort: 50123,
    error: { code: 'port_in_use' as const, message: 'Port 7373 on 127.0.0.1 is already in use' },
  }
  expect(listenerLine(failed)).toBe('Port 7373 on 127.0.0.1 is already in use')
  expect(portToOffer(failed)).toBe(50123)
  expect(portToOffer(base)).toBe(7373)
})

it('accepts only whole port numbers up to 65535', () => {
  expect(parsePort(' 8080 ')).toBe(8080)
  expect(parsePort('0')).toBe(0)
  for (const bad of ['', '65536', '-1', '80.5', 'abc']) expect(parsePort(bad)).toBeNull()
})
