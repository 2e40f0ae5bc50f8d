import { describe, expect, it } from 'vitest'
import { InboundError, parseInbound } from './inbound'

const withForm = (interactive: Record<string, unknown>) => ({
  contact: { wa_id: '919800000001', name: 'Ann' },
  message: { id: 'wamid.1', type: 'interactive', interactive },
})

function refusal(body: unknown): InboundError {
  try {
    parseInbound(body)
  } catch (err) {
    if (err instanceof InboundError) return err
    throw err
  }
  throw new Error('the body was accepted')
}

describe('a form submission from the channel', () => {
  it('becomes the nfm_reply event with response_json read as an object', () => {
    const m = parseInbound(
      withForm({ type: 'nfm_reply', nfm_reply: { response_json: '{"flow_token":"ftok_1","rating":"5"}' } }),
    )
    expect(m).toMatchObject({
      phone: '+919800000001',
      name: 'Ann',
      messageId: 'wamid.1',
      event: { type: 'nfm_reply', response: { flow_token: 'ftok_1', rating: '5' }, id: 'wamid.1' },
    })
  })

  it.each([
    [{ type: 'nfm_reply', nfm_reply: {} }, 'bad_request', 'message.interactive.nfm_reply.response_json'],
    [{ type: 'nfm_reply', nfm_reply: { response_json: '{rating' } }, 'bad_request', 'must be a JSON object'],
    [{ type: 'nfm_reply', nfm_reply: { response_json: '[1]' } }, 'bad_request', 'must be a JSON object'],
    [{ type: 'nfm_reply', nfm_reply: { response_json: '"text"' } }, 'bad_request', 'must be a JSON object'],
    [
      { type: 'nfm_reply', nfm_reply: { response_json: '{"a":'.repeat(100) + '1' + '}'.repeat(100) } },
      'json_too_deep',
      'response_json',
    ],
  ])('refuses %j naming the field', (interactive, code, message) => {
    const e = refusal(withForm(interactive))
    expect(e.code).toBe(code)
    expect(e.message).toContain(message)
    expect(e.path).toMatch(/^message\.interactive/)
  })
})
