import type { NodeRunner } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import type { MessageConfig } from './definition'

// Sends one text message and continues on 'out'. Output: the text as sent, for later nodes and the log.
export const messageRunner: NodeRunner<MessageConfig> = {
  run({ config, render }) {
    const body = render(config.text)
    // The channel refuses an empty body; failing here keeps the log honest instead of "sending" nothing.
    if (!body.trim()) throw new NodeFailure('empty_message', 'The message rendered empty (its variables are unset).')
    const text = config.previewUrl ? { body, preview_url: true } : { body }
    return { kind: 'next', port: 'out', output: { text: body }, messages: [{ type: 'text', text }] }
  },
}
