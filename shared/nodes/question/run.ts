import type { NodeRunner } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import { inboundText } from '../../engine/session'
import type { OutboundMessage } from '../../engine/types'
import { checkAnswer } from './answer'
import type { QuestionConfig } from './definition'

// Asks, waits for a typed reply, checks it. A refused answer sends the retry message (or the question again when
// there is none) and keeps waiting, until maxAttempts answers were refused: then the node fails with
// 'max_attempts' and its failure port (if connected) takes over.
export const questionRunner: NodeRunner<QuestionConfig> = {
  run({ config, render }) {
    return { kind: 'wait', messages: [text(render(config.prompt))] }
  },

  // Any typed reply (or a tapped title) is an answer, even one that looks like another flow's keyword.
  accepts(event) {
    return event.type === 'text' || event.type === 'button_reply' || event.type === 'list_reply'
  },

  resume({ config, render, node }, event, cursor) {
    const answer = inboundText(event)
    const check = checkAnswer(answer, config)
    const attempts = cursor.attempts + 1
    if (check.ok) {
      return { kind: 'next', port: 'out', vars: { [config.saveTo]: check.value }, output: { answer: check.value, attempts } }
    }
    if (attempts >= config.maxAttempts) {
      return {
        kind: 'fail',
        error: { code: 'max_attempts', message: `No valid answer after ${attempts} attempt(s); last was ${check.reason}.` },
        output: { answer, attempts },
      }
    }
    // The retry may quote what was refused: {{<node>.answer}} is the rejected answer, {{<node>.attempts}} how many
    // answers were refused so far, as the node's output says once it is answered.
    const refused = { [node.name]: { answer, attempts, reason: check.reason } }
    const retry = render(config.retryMessage, refused).trim() ? render(config.retryMessage, refused) : render(config.prompt, refused)
    return { kind: 'wait', messages: [text(retry)], output: { rejected: answer, reason: check.reason, attempts } }
  },
}

function text(body: string): OutboundMessage {
  if (!body.trim()) throw new NodeFailure('empty_message', 'The question rendered empty (its variables are unset).')
  return { type: 'text', text: { body } }
}
