// Model answers in conversation tests (docs/testing.md, "Model answers"): a test never asks a live model. Its file
// carries `recordings`, each the answer a provider gave to one question, under a key that hashes the provider, the
// model and the question (messages and schema); the replayer answers from them, and a question with no recording
// fails the test with `recording_missing`, saying how to record. Recording (`chatflow test --record`, the Tests tab's
// "Record model answers") asks the host's configured provider and keeps every answer it gave.
import { z } from 'zod'
import { canonicalJson, checkAgainstSchema } from '../../json/schema-check'
import { ModelError, type ModelEffect, type ModelRequest } from '../effects'

export const RecordingSchema = z.strictObject({
  /** sha256 of provider, model, messages and schema (recordingKey). */
  key: z.string().min(1),
  /** The node that asked, for a person reading the file; not part of the key. */
  node: z.string().optional(),
  /** The provider (endpoint host) and model that answered: the replayer hashes them with the question. */
  provider: z.string().min(1),
  model: z.string().min(1),
  answer: z.unknown(),
})
export type Recording = z.infer<typeof RecordingSchema>

/** What became of one question a node put to the model during a test. */
export type ModelCall =
  | { node: string; outcome: 'replayed' | 'recorded'; recording: Recording }
  | { node: string; outcome: 'missing' }
  /** Recording: the provider failed (the recordings made so far are not worth keeping alone). */
  | { node: string; outcome: 'failed'; code: string; message: string }

export interface ModelPolicy {
  /** The test's recordings (its file's `recordings`). */
  recordings?: Recording[]
  /** Ask the host's provider instead of the recordings, and report each answer as `recorded`. */
  record?: boolean
  onCall?: (call: ModelCall) => void
}

/** The hash a recording is filed under: the same provider, model, messages and schema give the same key anywhere. */
export async function recordingKey(
  provider: string,
  model: string,
  req: Pick<ModelRequest, 'messages' | 'schema'>,
): Promise<string> {
  const text = canonicalJson({ provider, model, messages: req.messages, schema: req.schema })
  const digest = await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** What a test report says when a node's question has no recorded answer. */
export function recordingAdvice(node: string): string {
  return (
    `recording_missing: node "${node}" asks the model provider, and this test has no recorded answer for that ` +
    'question (a test never asks a live model). Record the answers against your provider: ' +
    'chatflow test --record <test file> (with CHATFLOW_MODEL_BASE_URL and CHATFLOW_MODEL set), or ' +
    '"Record model answers" in the studio\'s Tests tab; or force the node\'s port with ' +
    `mocks: { ${node}: { port: <port> } }.`
  )
}

/** The model effect one node sees in a test: the recordings, or (recording) the host's provider. */
export function testModel(node: string, live: ModelEffect | undefined, policy: ModelPolicy): ModelEffect {
  return {
    async complete(req) {
      if (policy.record) {
        if (!live) {
          const message =
            'Recording needs a model provider: set one in Settings → Model provider (the studio), or ' +
            'CHATFLOW_MODEL_BASE_URL and CHATFLOW_MODEL (chatflow test --record).'
          policy.onCall?.({ node, outcome: 'failed', code: 'model_unavailable', message })
          throw new ModelError('model_unavailable', message)
        }
        const answer = await live.complete(req).catch((err: unknown) => {
          const code = err instanceof ModelError ? err.code : 'model_error'
          policy.onCall?.({ node, outcome: 'failed', code, message: err instanceof Error ? err.message : String(err) })
          throw err
        })
        const key = await recordingKey(answer.provider, answer.model, req)
        const recording = { key, node, provider: answer.provider, model: answer.model, answer: answer.json }
        policy.onCall?.({ node, outcome: 'recorded', recording })
        return answer
      }
      for (const r of policy.recordings ?? []) {
        if (r.key !== (await recordingKey(r.provider, r.model, req))) continue
        // A recording edited by hand is held to the schema the node asks with, as a live answer is.
        const problem = checkAgainstSchema(r.answer, req.schema)
        if (problem)
          throw new ModelError(
            'model_invalid',
            `The recorded answer for node "${node}" does not fit the schema: ${problem.path || 'the answer'}: ${problem.message}.`,
          )
        policy.onCall?.({ node, outcome: 'replayed', recording: r })
        return { json: r.answer, provider: r.provider, model: r.model }
      }
      policy.onCall?.({ node, outcome: 'missing' })
      throw new ModelError('recording_missing', recordingAdvice(node))
    },
  }
}

/**
 * The recordings a test keeps after recording: the ones made this time, each question once, in the order asked
 * (older recordings go: an answer no question asks any more would only mislead).
 */
export function keptRecordings(calls: ModelCall[]): Recording[] {
  const out = new Map<string, Recording>()
  for (const c of calls)
    if (c.outcome === 'recorded' && !out.has(c.recording.key)) out.set(c.recording.key, c.recording)
  return [...out.values()]
}
