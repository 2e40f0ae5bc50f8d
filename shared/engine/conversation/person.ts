// A conversation test's `person:` turn (docs/testing.md, "A person takes over"): what the person who has the
// conversation does, as the conversation core's events (`takeover`, `handback`), exactly as a host's Contacts screen
// or publish API sends them. The person's own message is no event of the core: the bot is silent, and the player
// checks only that a person had the conversation to write in.
import type { ConversationEvent } from '../core'
import type { Contact } from '../types'
import type { PersonAct } from './format'

export type PersonStep =
  { kind: 'event'; event: ConversationEvent } | { kind: 'writes'; text: string } | { kind: 'refused'; message: string }

export function personStep(act: PersonAct, contact: Contact): PersonStep {
  if (typeof act === 'string')
    return contact.handover
      ? { kind: 'writes', text: act }
      : { kind: 'refused', message: 'person: no person has the conversation to write in (hand over first)' }
  if ('takes_over' in act)
    return { kind: 'event', event: { kind: 'takeover', by: 'studio', note: act.takes_over.note } }
  return { kind: 'event', event: { kind: 'handback', by: 'studio', variables: act.hands_back } }
}

/** How a person turn is named in a failure ('turn 3 (person: hands back)'). */
export function personLabel(act: PersonAct): string {
  if (typeof act === 'string') return `person: ${JSON.stringify(act)}`
  return 'takes_over' in act ? 'person: takes over' : `person: hands back ${JSON.stringify(act.hands_back)}`
}
