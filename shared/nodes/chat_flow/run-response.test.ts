import { describe, expect, it } from 'vitest'
import { nfmReplyEvent } from './run-response'

describe('form submission from the channel', () => {
  it('parses response_json into the nfm_reply event', () => {
    const r = nfmReplyEvent(
      { type: 'nfm_reply', nfm_reply: { response_json: '{"flow_token":"ftok_1","rating":"5"}' } },
      'wamid.1',
    )
    expect(r).toEqual({
      ok: true,
      event: { type: 'nfm_reply', response: { flow_token: 'ftok_1', rating: '5' }, id: 'wamid.1' },
    })
  })

  it.each([
    [{ type: 'button_reply' }, 'Not a form submission'],
    [{ type: 'nfm_reply', nfm_reply: {} }, 'no response_json string'],
    [{ type: 'nfm_reply', nfm_reply: { response_json: '{rating' } }, 'not valid JSON'],
    [{ type: 'nfm_reply', nfm_reply: { response_json: '[1]' } }, 'not a JSON object'],
    [
      { type: 'nfm_reply', nfm_reply: { response_json: '{"a":'.repeat(100) + '1' + '}'.repeat(100) } },
      'too deep: a.a.a.a…',
    ],
  ])('refuses %j', (input, message) => {
    const r = nfmReplyEvent(input)
    expect(r.ok ? '' : r.message).toContain(message)
  })
})
