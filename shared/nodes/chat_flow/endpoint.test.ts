import { describe, expect, it } from 'vitest'
import { EndpointReplyError, endpointProblems, readReply } from './endpoint'

describe('reading an endpoint reply', () => {
  it('SUCCESS needs extension_message_response.params; error_message beats the screen; ack for health checks', () => {
    expect(
      readReply({ screen: 'SUCCESS', data: { extension_message_response: { params: { flow_token: 't', a: 1 } } } }),
    ).toEqual({ kind: 'complete', params: { flow_token: 't', a: 1 } })
    expect(() => readReply({ screen: 'SUCCESS', data: {} })).toThrow(EndpointReplyError)
    expect(readReply({ screen: 'A', data: { error_message: 'No' } })).toMatchObject({
      kind: 'error_message',
      screen: 'A',
      message: 'No',
    })
    expect(readReply({ data: { error_message: 'No' } })).toMatchObject({ kind: 'error_message', screen: null })
    expect(readReply({ screen: 'A' })).toEqual({ kind: 'screen', screen: 'A', data: {} })
    expect(readReply({ data: { acknowledged: true } })).toEqual({ kind: 'ack', data: { acknowledged: true } })
    expect(() => readReply({ data: {} })).toThrow('names no screen')
    expect(() => readReply([1])).toThrow('not a JSON object')
  })

  it('checks the endpoint settings: URL scheme, and a PEM key unless plaintext', () => {
    expect(endpointProblems({ url: '', publicKey: '', plaintext: false })).toEqual([])
    expect(endpointProblems({ url: 'ftp://x', publicKey: '', plaintext: true })).toEqual([
      'The endpoint URL must be https (or http for a development endpoint).',
    ])
    expect(endpointProblems({ url: 'https://x.test/flow', publicKey: 'abc', plaintext: false })[0]).toContain(
      'public key (PEM',
    )
    expect(
      endpointProblems({ url: 'https://x.test/flow', publicKey: '-----BEGIN PUBLIC KEY-----\nMII…', plaintext: false }),
    ).toEqual([])
  })
})
