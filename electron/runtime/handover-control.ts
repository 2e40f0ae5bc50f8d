// A person taking a conversation over through the publish API, handing it back, and replying (docs/publish-api.md,
// "Human takeover"). Takeover and hand-back are events of the conversation core (shared/engine/core), decided under
// the contact's lock like every other: the core says whether the contact is with a person and which run continues;
// this file turns its answers into the API's. The person's reply is no event of a flow: it is written to the
// outbox, the takeover's transcript and its run's messages (as the person's) in the contact's transaction, only inside
// the 24-hour window.
import { WINDOW_MS } from '../../shared/engine/limits'
import type { HandbackRecord, Handover, OutboundMessage, Vars } from '../../shared/engine'
import { newMessageId } from './outbox-rows'
import type { Handled } from '../../shared/engine'
import { WithPersonError } from '../services/runs/run-service'
import type { Runtime } from './runtime'

export class HandoverError extends Error {
  constructor(
    readonly status: 404 | 409,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const noContact = (phone: string) =>
  new HandoverError(404, 'not_found', `There is no contact ${phone} on this server: nobody with this number wrote yet.`)

async function known(runtime: Runtime, phone: string): Promise<void> {
  if (!(await runtime.store.contactByPhone(phone))) throw noContact(phone)
}

/** POST /contacts/{phone}/handover: the contact is with a person from now (until `until`, when given). */
export async function takeOverByApi(
  runtime: Runtime,
  phone: string,
  opts: { note?: string; until?: number },
): Promise<{ handover: Handover }> {
  await known(runtime, phone)
  const now = runtime.now()
  if (opts.until !== undefined && opts.until <= now)
    throw new HandoverError(409, 'until_passed', `"until" is ${new Date(opts.until).toISOString()}, which has passed.`)
  const { handled } = await runtime.takeovers.contactEvent(phone, {
    kind: 'takeover',
    by: 'api',
    ...(opts.note !== undefined ? { note: opts.note } : {}),
    until: opts.until ?? null,
  })
  const h = handled?.handover
  if (h && 'start' in h) return { handover: h.start }
  const current = handled?.ignored && 'handoverId' in handled.ignored ? handled.ignored.handoverId : null
  throw new HandoverError(
    409,
    'already_with_person',
    `Contact ${phone} is already with a person${current ? ` (takeover ${current})` : ''}: hand it back first.`,
  )
}

/** POST /contacts/{phone}/handback: the bot has the conversation again; a Hand over run continues on `returned`. */
export async function handBackByApi(
  runtime: Runtime,
  phone: string,
  variables: Vars,
): Promise<{ handback: HandbackRecord; resumed: { runId: string; port: 'returned' } | null }> {
  await known(runtime, phone)
  const { handled } = await runtime.takeovers.contactEvent(phone, { kind: 'handback', by: 'api', variables })
  const h = handled?.handover
  if (!handled || !h || !('end' in h))
    throw new HandoverError(
      409,
      'not_with_person',
      `Contact ${phone} is not with a person: there is nothing to hand back.`,
    )
  const ran = handled.ran?.step.state
  return { handback: h.end, resumed: ran ? { runId: ran.id, port: 'returned' } : null }
}

/** POST /contacts/{phone}/messages: the person's free-form reply, through the outbox, inside the 24-hour window. */
export async function personReply(
  runtime: Runtime,
  phone: string,
  text: string,
): Promise<{ handoverId: string; messageId: string; runId: string | null }> {
  await known(runtime, phone)
  const message: OutboundMessage = { type: 'text', text: { body: text } }
  const answer = await runtime.store.withContact(phone, undefined, async (tx) => {
    const now = runtime.now()
    const handover = tx.contact.handover
    if (!handover)
      throw new HandoverError(409, 'not_with_person', `Contact ${phone} is not with a person: take it over first.`)
    const last = tx.contact.lastInboundAt ?? null
    if (last === null || now - last >= WINDOW_MS)
      throw new HandoverError(
        409,
        'outside_window',
        `More than 24 hours since ${phone} last wrote${last === null ? ' (never)' : ` (${new Date(last).toISOString()})`}: ` +
          'the channel takes only templates now. A free-form reply can go once the customer writes again.',
      )
    // The reply joins the conversation's run, so Flow Logs show it there as the person's: the Hand over node's, else
    // the contact's newest. A customer who only ever wrote (taken over by API or studio) has none: it goes alone.
    const run =
      handover.runId && handover.flowId ? { id: handover.runId, flowId: handover.flowId } : await tx.newestRun()
    const id = newMessageId()
    await tx.commit({
      steps: [],
      personReply: { runId: run?.id ?? null, flowId: run?.flowId ?? null, at: now, message, id },
      transcript: [{ handoverId: handover.id, at: now, direction: 'out', message }],
    })
    return { handoverId: handover.id, messageId: id, runId: run?.id ?? null }
  })
  runtime.pokeOutbox()
  return answer
}

/**
 * Ends every API or studio takeover whose `until` has come (the runtime's timer, and Runtime.runDue): the core's
 * hand-back by 'timeout', under the contact's lock, only while that takeover is still the contact's and due.
 * Answers how many ended.
 */
export async function endDueTakeovers(runtime: Runtime): Promise<number> {
  let ended = 0
  for (const due of await runtime.store.handovers.due(runtime.now(), 32)) {
    const { handled } = await runtime.takeovers.contactEvent(
      due.phone,
      { kind: 'handback', by: 'timeout' },
      (contact, now) => contact.handover?.id === due.id && (contact.handover.until ?? Infinity) <= now,
    )
    if (handled?.handover) ended++
  }
  return ended
}

/** Ends due takeovers every `pollMs` (Runtime's timer); answers the function that stops it. */
export function takeoverTimer(runtime: Runtime, pollMs: number, log: (m: string) => void): () => void {
  const timer = setInterval(
    () =>
      void endDueTakeovers(runtime).catch((err: unknown) =>
        log(`takeovers: cannot end one that is due: ${String(err)}`),
      ),
    pollMs,
  )
  timer.unref?.()
  return () => clearInterval(timer)
}

/** The webhook's answer when the core starts nothing: a person has the conversation (409 with_person). */
export function withPerson(handled: Handled): Error {
  return new WithPersonError(handled.ignored)
}
