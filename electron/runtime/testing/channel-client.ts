// Test support: talks to a running runtime the way a channel gateway and a webhook caller do, turning the engine's
// inbound events into the channel's message shapes (docs/runtime.md, "Inbound messages").
import type { InboundEvent } from '../../../shared/engine'

export class ChannelClient {
  private seq = 0

  constructor(
    private readonly baseUrl: string,
    private readonly inboundKey: string,
  ) {}

  /** POSTs one customer message; answers the runtime's JSON. */
  async send(phone: string, name: string, event: InboundEvent): Promise<Record<string, unknown>> {
    const id = `wamid.${Date.now().toString(36)}.${++this.seq}`
    const body = { contact: { wa_id: phone.replace(/^\+/, ''), name }, message: { id, ...toChannel(event) } }
    const res = await fetch(`${this.baseUrl}/api/v1/inbound`, {
      method: 'POST',
      headers: { authorization: `Bearer ${this.inboundKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await res.json()) as Record<string, unknown>
    if (res.status !== 200) throw new Error(`inbound answered ${res.status}: ${JSON.stringify(answer)}`)
    return answer
  }

  async webhook(flowId: string, secret: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const res = await fetch(`${this.baseUrl}/chatbot-webhook/${flowId}/trigger`, {
      method: 'POST',
      headers: { 'x-api-key': secret, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const answer = (await res.json()) as Record<string, unknown>
    if (res.status !== 200) throw new Error(`webhook answered ${res.status}: ${JSON.stringify(answer)}`)
    return answer
  }
}

/** The channel's `messages[0]` shape (docs/runtime.md, Inbound messages) of an engine event, without the id. */
export function toChannel(e: InboundEvent): Record<string, unknown> {
  const referral = e.referral ? { referral: e.referral } : {}
  switch (e.type) {
    case 'text':
      return { type: 'text', text: { body: e.text }, ...referral }
    case 'button_reply':
      return { type: 'interactive', interactive: { type: 'button_reply', button_reply: e.reply }, ...referral }
    case 'list_reply':
      return { type: 'interactive', interactive: { type: 'list_reply', list_reply: e.reply }, ...referral }
    case 'template_button':
      return { type: 'button', button: e.button, ...referral }
    case 'nfm_reply':
      return {
        type: 'interactive',
        interactive: {
          type: 'nfm_reply',
          nfm_reply: { name: 'flow', body: 'Sent', response_json: JSON.stringify(e.response) },
        },
      }
    case 'order':
      return { type: 'order', order: e.order, ...referral }
  }
}
