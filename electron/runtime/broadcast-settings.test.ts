import { expect, it } from 'vitest'
import { broadcastSettings } from './broadcast-settings'

it('defaults: 80 sends a second to the Cloud API, unpaced elsewhere, 1,000 new conversations a day', () => {
  expect(broadcastSettings({}, {}, 'cloud-api')).toEqual({ sendRate: 80, conversationLimit: 1000 })
  expect(broadcastSettings({}, {}, 'other')).toEqual({ sendRate: undefined, conversationLimit: 1000 })
})

it('flags over the environment; unlimited is no limit', () => {
  const env = { CHATFLOW_SEND_RATE: '200', CHATFLOW_CONVERSATION_LIMIT: '250' }
  expect(broadcastSettings({}, env, 'other')).toEqual({ sendRate: 200, conversationLimit: 250 })
  expect(broadcastSettings({ sendRate: '1000', conversationLimit: 'Unlimited' }, env, 'other')).toEqual({
    sendRate: 1000,
    conversationLimit: null,
  })
})

it.each([
  [{ sendRate: '0' }, /--send-rate .* from 1 to 1000, not '0'/],
  [{ sendRate: '1001' }, /not '1001'/],
  [{ sendRate: 'fast' }, /not 'fast'/],
  [{ conversationLimit: '-5' }, /--conversation-limit .* or 'unlimited', not '-5'/],
  [{ conversationLimit: '0' }, /not '0'/],
])('refuses %o with a sentence', (flags, message) => {
  expect(() => broadcastSettings(flags, {}, 'cloud-api')).toThrow(message)
})
