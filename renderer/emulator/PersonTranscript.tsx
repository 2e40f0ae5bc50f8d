import type { HandoverMessage } from '../../shared/api/commands/handovers'
import type { Handover } from '../../shared/engine/types'
import { since } from '../contacts/takeover'
import { Bubble, InboundContent } from './bubbles'
import { OutboundContent, type OutboundActions } from './outbound'

/**
 * While a person has the conversation, the phone goes on with the takeover's transcript: what the customer wrote
 * (kept for the person, routed to no flow) and what the person answered, after a line saying since when. None of it
 * belongs to a run, so none of it links to a trace step.
 */
export function PersonTranscript({
  handover,
  messages,
  now,
  actions,
}: {
  handover: Handover
  messages: HandoverMessage[]
  now: number
  actions: OutboundActions
}) {
  return (
    <>
      <p className="phone-person" role="note">
        A person has the conversation {since(handover.since, now)}; the bot is silent.
      </p>
      {messages.map((m) =>
        m.direction === 'in' ? (
          <Bubble key={`p${m.seq}`} mine at={m.at} kind={m.message.type}>
            <InboundContent
              message={{
                seq: m.seq,
                id: null,
                direction: 'in',
                type: m.message.type,
                payload: m.message,
                createdAt: m.at,
              }}
            />
          </Bubble>
        ) : (
          <Bubble key={`p${m.seq}`} mine={false} at={m.at} kind={m.message.type} testId="person-message">
            <OutboundContent payload={m.message} actions={actions} />
          </Bubble>
        ),
      )}
    </>
  )
}
