import type { HandoverMessage } from '../../../shared/api/commands/handovers'
import {
  WINDOW_MS,
  type Contact,
  type HandbackRecord,
  type Handled,
  type Handover,
  type OutboundMessage,
  type Vars,
} from '../../../shared/engine'
import { HandoverConflict } from '../handovers/store'
import type { HandleOptions, RunService } from './run-service'

// A person taking over a contact's conversation in the studio (the Contacts screen, the emulator's person): each act
// is one event for the conversation core (docs/engine.md, rules 14-17), persisted by the RunService like any other,
// under the contact's lock. Refusals are HandoverConflicts with the core's reason as their code.

/** A person takes the conversation: the bot stays silent for the contact until the hand-back. */
export async function takeOver(
  runs: RunService,
  contact: Contact,
  by: 'api' | 'studio',
  opts: { note?: string; until?: number | null } = {},
): Promise<Handover> {
  const note = opts.note?.trim() || undefined
  if (opts.until != null && opts.until <= runs.now())
    throw new HandoverConflict(
      'until_passed',
      `"Back to the bot at" ${new Date(opts.until).toISOString()} has passed: pick a later time, or leave it empty.`,
    )
  const handled = await runs.handle(contact, { kind: 'takeover', by, note, until: opts.until ?? null })
  if (handled.handover && 'start' in handled.handover) return handled.handover.start
  throw new HandoverConflict('already_with_person', `A person already has ${contact.name}'s conversation.`)
}

export interface HandedBack {
  handback: HandbackRecord
  /** The Hand over node's run that went on by `returned`, or null (an API/studio takeover: nothing to resume). */
  resumed: { runId: string; port: 'returned' } | null
  handled: Handled
}

/**
 * Ends the contact's takeover by itself at its `until` (by `timeout`): only while that takeover is still the
 * contact's and due on the contact's clock. A Hand over node's own time is its run's wake instead. True when it ended.
 */
export async function endAtUntil(runs: RunService, contact: Contact, handoverId: string, opts: HandleOptions = {}) {
  const handled = await runs.handle(
    contact,
    { kind: 'handback', by: 'timeout' },
    {
      ...opts,
      only: (c, now) =>
        c.handover?.id === handoverId && c.handover.runId === null && (c.handover.until ?? Infinity) <= now,
    },
  )
  return !!handled.handover && 'end' in handled.handover
}

/** The person gives the conversation back, with the variables they set for the Hand over node's run. */
export async function handBack(
  runs: RunService,
  contact: Contact,
  by: 'api' | 'studio',
  variables: Vars,
  opts: HandleOptions = {},
): Promise<HandedBack> {
  const handled = await runs.handle(contact, { kind: 'handback', by, variables }, opts)
  if (!handled.handover || !('end' in handled.handover))
    throw new HandoverConflict('not_with_person', `No person has ${contact.name}'s conversation: nothing to hand back.`)
  const resumed = handled.ran ? { runId: handled.ran.step.state.id, port: 'returned' as const } : null
  return { handback: handled.handover.end, resumed, handled }
}

/** Refused: the person's free-form message outside the customer's 24-hour window (the channel would refuse it). */
export class OutsideWindowError extends Error {
  readonly code = 'outside_window'
}

/**
 * The person writes to the customer: recorded in the takeover's transcript ('out') and among the messages of the
 * conversation's run (the Hand over node's, else the contact's newest; none for a contact who never had one), marked
 * as the person's for Flow Logs, and delivered as the studio delivers everything. With `enforceWindow`, only inside
 * the 24-hour window since the customer last wrote.
 */
export function personReply(
  runs: RunService,
  contactId: string,
  text: string,
  enforceWindow: boolean,
): Promise<HandoverMessage> {
  return runs.locked(contactId, () => {
    const handover = runs.handovers.current(contactId)
    if (!handover) throw new HandoverConflict('not_with_person', 'No person has this conversation: take it over first.')
    const now = runs.now()
    const last = runs.contacts.get(contactId)?.lastInboundAt ?? null
    if (enforceWindow && (last === null || now - last >= WINDOW_MS))
      throw new OutsideWindowError(
        'The customer has not written in the last 24 hours, so only a template message can reach them now.',
      )
    const message: OutboundMessage = { type: 'text', text: { body: text } }
    const runId = handover.runId ?? runs.runs.newestOf(contactId)
    return runs.runs.atomically(() => {
      if (runId) runs.runs.personSaid(runId, contactId, message, now)
      return runs.handovers.append(handover.id, now, { direction: 'out', message })
    })
  })
}
