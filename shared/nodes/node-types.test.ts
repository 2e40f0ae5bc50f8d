import { describe, expect, it } from 'vitest'
import { checkNodeName } from '../flow/names'
import { NAME_PREFIX, NODE_TYPES, nextNodeName } from './node-types'

describe('nextNodeName', () => {
  it.each([
    ['http_call', [], 'http_call_1'],
    ['http_call', ['http_call_1', 'http_call_2'], 'http_call_3'],
    ['http_call', ['http_call_2'], 'http_call_1'],
    ['message', ['http_call_1'], 'message_1'],
    ['spm', ['interactive_spm_1'], 'interactive_spm_2'],
    ['mpm', [], 'interactive_mpm_1'],
    ['chat_flow', [], 'chat_flow_1'],
  ] as const)('%s with %j → %s', (type, taken, expected) => {
    expect(nextNodeName(type, taken)).toBe(expected)
  })

  it('gives every type a valid default name with its spec prefix', () => {
    for (const t of NODE_TYPES) {
      const name = nextNodeName(t, [])
      expect(name).toBe(`${NAME_PREFIX[t]}1`)
      expect(checkNodeName(name)).toBeNull()
    }
  })
})
