// A production server's takeovers through its publish API (docs/publish-api.md, "Human takeover"), with the server's
// saved, encrypted key as publishing and broadcasts use it (PublishClient.request): the studio's handovers.* commands
// with a `serverId` target come here. The API names a contact by its phone number, so on a server the commands'
// `contactId` is that number, and a takeover's view carries it as both contactId and contactPhone.
import type { HandoverMessage, HandoverView } from '../../../shared/api/commands/handovers'
import type { HandbackRecord, Handover } from '../../../shared/engine/types'
import { ApiFailure } from '../../services/failure'
import type { PublishClient } from '../publish/servers'

/** A takeover as the server's list answers it (Handover, how it ended, and its contact). */
type ServerHandover = Handover & {
  endedAt: number | null
  endedBy: HandbackRecord['by'] | null
  returnVariables?: Record<string, unknown> | null
  contact: { phone: string; name: string }
}

/** The most takeovers one list call of the API returns; a takeover older than that is looked up no further. */
const MAX_LIST = 500

const toView = ({ contact, returnVariables: _v, ...h }: ServerHandover): HandoverView => ({
  ...h,
  contactId: contact.phone,
  contactName: contact.name,
  contactPhone: contact.phone,
})

/** The server's refusals the studio can explain better than "answered 401" (the rest keep the server's sentence). */
function explained(err: unknown): never {
  if (err instanceof ApiFailure && err.code === 'unauthorized')
    throw new ApiFailure(
      'unauthorized',
      `${err.message} The key saved for this server is not its publish key: edit the server and enter its key again.`,
    )
  throw err
}

export function remoteHandovers(client: PublishClient, serverId: string) {
  const request = <T>(method: string, path: string, body?: unknown) =>
    client.request<T>(serverId, method, path, body).catch((err: unknown) => explained(err))
  const contact = (phone: string) => `/contacts/${encodeURIComponent(phone)}`
  const list = async (opts: { open: boolean; limit: number }) =>
    (
      await request<{ handovers: ServerHandover[] }>('GET', `/handovers?open=${opts.open}&limit=${opts.limit}`)
    ).handovers.map(toView)
  /** One takeover with its contact: the API's single read has no contact, its lists do. */
  const view = async (id: string): Promise<HandoverView> => {
    for (const open of [true, false]) {
      const found = (await list({ open, limit: MAX_LIST })).find((h) => h.id === id)
      if (found) return found
    }
    throw new ApiFailure('not_found', `There is no takeover ${id} among the server's newest ${MAX_LIST}.`)
  }
  const transcript = async (id: string) =>
    request<{ messages: HandoverMessage[] }>('GET', `/handovers/${encodeURIComponent(id)}`)

  return {
    list,
    async transcript(id: string): Promise<{ handover: HandoverView; messages: HandoverMessage[] }> {
      const { messages } = await transcript(id)
      return { handover: await view(id), messages }
    },
    async start(phone: string, note: string | undefined, until?: number): Promise<{ handover: HandoverView }> {
      const body = { ...(note?.trim() ? { note: note.trim() } : {}), ...(until !== undefined ? { until } : {}) }
      const started = await request<{ handover: Handover }>('POST', `${contact(phone)}/handover`, body)
      return { handover: await view(started.handover.id) }
    },
    handBack: (phone: string, variables: Record<string, unknown>) =>
      request<{ handback: HandbackRecord; resumed: { runId: string; port: 'returned' } | null }>(
        'POST',
        `${contact(phone)}/handback`,
        { variables },
      ),
    /** The reply goes through the server's outbox; the transcript's line for it is what the command answers. */
    async reply(phone: string, text: string): Promise<{ message: HandoverMessage }> {
      const sent = await request<{ handoverId: string; messageId: string }>('POST', `${contact(phone)}/messages`, {
        text,
      })
      const out = (await transcript(sent.handoverId)).messages.filter((m) => m.direction === 'out').at(-1)
      if (!out) throw new ApiFailure('remote_error', 'The server took the reply but its transcript does not show it.')
      return { message: out }
    },
  }
}
