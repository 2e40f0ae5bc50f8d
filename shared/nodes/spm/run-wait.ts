// Single and Multi Product with "no reply within": the product message goes out and the node waits for the
// customer's answer (their cart, as an order, or any other reply) or for that long, whichever comes first. Without
// the option the node goes straight on, as before. A keyword of another flow still supersedes the wait.
import type { NodeOutcome, NodeRunner } from '../../engine/runner'
import type { OutboundMessage } from '../../engine/types'
import { noReplyWait, type NoReply } from '../no-reply'

/** The outcome of sending: go on, or wait for the reply (and time) when the option is set. */
export function sent(config: NoReply, now: number, message: OutboundMessage, output: unknown): NodeOutcome {
  const time = noReplyWait(config, now)
  return 'until' in time
    ? { kind: 'wait', messages: [message], output, ...time }
    : { kind: 'next', port: 'out', messages: [message], output }
}

/** The answer half of a product node's runner: an order is the answer it waits for; any reply counts. */
export const answered: Pick<NodeRunner<NoReply>, 'accepts' | 'resume'> = {
  accepts: (event) => event.type === 'order',
  resume: (_ctx, event) => ({
    kind: 'next',
    port: 'out',
    output: event.type === 'order' ? { replied: 'order', order: event.order } : { replied: event.type },
  }),
}
