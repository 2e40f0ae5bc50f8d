// The request an Intent node sends a model provider (shared/engine/effects.ts ModelRequest, owned by the provider's
// lane) and the check of its answer. The intents travel as an enum in the JSON Schema, so a provider that honours
// `response_format` cannot name an intent the flow lacks; the answer is checked again here, because not every
// OpenAI-compatible server enforces the schema.
import type { IntentSpec } from './types'

export const OTHER = 'other'
export const MODEL_TIMEOUT_MS = 20_000

export interface IntentModelRequest {
  purpose: 'intent'
  messages: { role: 'system' | 'user'; content: string }[]
  schema: Record<string, unknown>
  timeoutMs: number
}

export function intentRequest(intents: readonly IntentSpec[], text: string): IntentModelRequest {
  const list = intents
    .map((i) => {
      const examples = i.examples.filter((e) => e.trim()).slice(0, 5)
      return (
        `- ${i.name}` +
        (i.description?.trim() ? `: ${i.description.trim()}` : '') +
        (examples.length ? `\n  for example: ${examples.map((e) => JSON.stringify(e)).join(', ')}` : '')
      )
    })
    .join('\n')
  const system =
    'You classify one message a customer sent to a business into exactly one of the intents below, or "other" ' +
    'when none fits. Answer only with JSON: {"intent": <name>, "confidence": <0 to 1>}.\n\nIntents:\n' +
    list
  return {
    purpose: 'intent',
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: text },
    ],
    schema: intentSchema(intents),
    timeoutMs: MODEL_TIMEOUT_MS,
  }
}

export function intentSchema(intents: readonly IntentSpec[]): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      intent: { type: 'string', enum: [...intents.map((i) => i.name), OTHER] },
      confidence: { type: 'number', minimum: 0, maximum: 1 },
    },
    required: ['intent', 'confidence'],
    additionalProperties: false,
  }
}

/** The model's answer read against the schema: the intent (null for other) and its confidence, or why not. */
export function readIntentAnswer(
  intents: readonly IntentSpec[],
  json: unknown,
): { ok: true; intent: string | null; confidence: number } | { ok: false; reason: string } {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, reason: 'The model did not answer with a JSON object.' }
  const { intent, confidence } = json as Record<string, unknown>
  if (typeof intent !== 'string') return { ok: false, reason: 'The model\'s answer has no "intent" text.' }
  const known = intents.find((i) => i.name === intent)
  if (!known && intent !== OTHER)
    return { ok: false, reason: `The model answered intent '${intent}', which this node does not have.` }
  if (typeof confidence !== 'number' || !(confidence >= 0 && confidence <= 1))
    return { ok: false, reason: 'The model\'s "confidence" is not a number between 0 and 1.' }
  return { ok: true, intent: known ? known.name : null, confidence }
}
