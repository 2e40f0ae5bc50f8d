// Answers to a Question, for the generator and the fuzzer: worked out by the Question's own module
// (shared/nodes/question/samples.ts); here only what belongs to test generation (its moment, its reading context).
import { answerContext, prepareAnswers, type AnswerContext } from '../nodes/question/answers'
import type { FlowDocument } from '../flow/document'
import { prepareSamples } from '../nodes/behaviour-of'

export { parseAnswer, answerText, validAnswers, invalidAnswers, type Parsed } from '../nodes/question/samples'

/**
 * The moment fuzzed conversations happen (their tests' `now`), fixed so that a seed plays the same conversations on
 * any day. Generated tests happen when they were generated: their runs then count for coverage in the studio, which
 * counts runs started since the flow took its present shape (docs/coverage.md).
 */
export const FUZZ_NOW = '2026-06-01T09:00:00.000Z'

/**
 * The parsers load their heavier parts (number words) on first use, and each waiting node's samples what they need
 * (NodeAnswers.prepare); call once before exploring `flow`.
 */
export async function prepare(flow?: Pick<FlowDocument, 'nodes'>): Promise<void> {
  await prepareAnswers()
  if (flow) await prepareSamples(flow.nodes)
}

/** What a Question of this flow reads answers with, for a test's contact, at the tests' moment, in its language. */
export function contextOf(flow: FlowDocument, phone: string, now: string, language?: string | null): AnswerContext {
  return answerContext(flow.settings, Date.parse(now), phone, language)
}
