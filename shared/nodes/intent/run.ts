import type { NodeOutcome, NodeRunner, RunContext } from '../../engine/runner'
import { ModelError } from '../../engine/effects'
import { inboundText, initialMessage } from '../../engine/session'
import { trainClassifier } from '../../nlu/classifier'
import { intentRequest, readIntentAnswer } from '../../nlu/prompt'
import type { Classification } from '../../nlu/types'
import { OTHER_PORT, type IntentConfig } from './definition'

// Classifies free text into one of the node's intents and leaves by that intent's port, or by `other` when no intent
// reaches the threshold. The text is the message that started the run (source 'trigger') or the customer's next
// message (source 'next': the node sends its prompt, if any, and waits, as a Question does). The offline classifier
// (shared/nlu/classifier.ts) is trained on the node's examples once per change of them, in whatever host runs the
// flow; with provider 'model' the host's model provider (effects.model) is asked instead, and a provider that is
// absent, times out, errs or answers outside the schema sends the run through `failed` with the code saying which.

export const intentRunner: NodeRunner<IntentConfig> = {
  run(ctx) {
    const { config, render, trigger } = ctx
    if (config.source === 'trigger') return classified(ctx, initialMessage(trigger))
    const prompt = render(config.prompt)
    return { kind: 'wait', messages: prompt.trim() ? [{ type: 'text', text: { body: prompt } }] : [] }
  },

  // Any typed reply, or a tapped title, is text to classify.
  accepts(event) {
    return event.type === 'text' || event.type === 'button_reply' || event.type === 'list_reply'
  },

  resume(ctx, event) {
    return classified(ctx, inboundText(event))
  },
}

async function classified(ctx: RunContext<IntentConfig>, text: string): Promise<NodeOutcome> {
  const { config, settings } = ctx
  let c: Classification
  if (config.provider === 'model') {
    const asked = await askModel(ctx, text)
    if ('error' in asked) return { kind: 'fail', error: asked.error, output: { intent: null, text, provider: 'model' } }
    c = asked
  } else {
    c = trainClassifier(config.intents, settings.locale).classify(text, config.threshold)
  }
  const port = c.intent ?? OTHER_PORT
  return {
    kind: 'next',
    port,
    output: { intent: port, confidence: c.confidence, scores: c.scores, provider: c.provider, text },
    detail: { scores: c.scores, provider: c.provider },
  }
}

async function askModel(
  { config, effects }: RunContext<IntentConfig>,
  text: string,
): Promise<Classification | { error: { code: string; message: string } }> {
  const model = effects.model
  if (!model)
    return {
      error: {
        code: 'model_unavailable',
        message:
          'No model provider is set up here: set one in Settings (the studio) or the runtime configuration, or use the offline classifier.',
      },
    }
  let answer
  try {
    answer = await model.complete(intentRequest(config.intents, text))
  } catch (err) {
    if (err instanceof ModelError) return { error: { code: err.code, message: err.message } }
    return { error: { code: 'model_error', message: `The model provider failed: ${(err as Error)?.message ?? err}` } }
  }
  const read = readIntentAnswer(config.intents, answer.json)
  if (!read.ok) return { error: { code: 'model_invalid', message: read.reason } }
  const scores = Object.fromEntries(config.intents.map((i) => [i.name, i.name === read.intent ? read.confidence : 0]))
  const chosen = read.intent !== null && read.confidence >= config.threshold ? read.intent : null
  return { intent: chosen, confidence: read.confidence, scores, provider: answer.provider }
}
