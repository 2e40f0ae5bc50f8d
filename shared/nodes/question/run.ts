import type { NodeRunner } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import { inboundText } from '../../engine/session'
import type { OutboundMessage } from '../../engine/types'
import type { AnswerResult } from './answers'
import type { QuestionConfig } from './definition'
import { noReplyWait } from '../no-reply'
import { primaryLanguage } from '../../flow/languages'

// Asks, waits for a typed reply, reads it (./answers: the flow's locale, time zone and default country, the run's
// clock). A refused answer sends the retry message (or the question again when there is none), after a line saying
// what was wrong, and keeps waiting, until maxAttempts answers were refused: then the node fails with 'max_attempts'
// and its failure port (if connected) takes over. The node saves the value and, under its name, what was typed.

/** Types whose refusal reason tells the customer more than the flow's retry message can. */
const EXPLAINED = new Set<QuestionConfig['answerType']>(['text', 'number', 'email', 'phone', 'date', 'datetime'])

/** Kept across the pause after a refusal: the answer refused, so sending it again can overrule a soft refusal. */
interface Refused {
  refused: string
}

export const questionRunner: NodeRunner<QuestionConfig> = {
  run({ config, render, effects }) {
    return { kind: 'wait', messages: [text(render(config.prompt))], ...noReplyWait(config, effects.clock.now()) }
  },

  // Any typed reply (or a tapped title) is an answer, even one that looks like another flow's keyword.
  accepts(event) {
    return event.type === 'text' || event.type === 'button_reply' || event.type === 'list_reply'
  },

  async resume({ config, render, settings, contact, effects, node, language }, event, cursor) {
    // The parsers (chrono-node, libphonenumber-js, compromise) load with the first answer, not with the engine.
    const { answerContext, parseAnswer, prepareAnswers } = await import('./answers')
    await prepareAnswers(config.answerType)
    const typed = inboundText(event)
    const attempts = cursor.attempts + 1
    const check = overruled(
      // Read in the run's language: "mañana" and "12,5" in a Spanish run (docs/languages.md).
      parseAnswer(typed, config, answerContext(settings, effects.clock.now(), contact.phone, language)),
      config,
      typed,
      cursor.data,
      attempts,
    )
    if (check.ok) {
      return {
        kind: 'next',
        port: 'out',
        vars: { [config.saveTo]: check.value },
        output: { answer: check.value, typed, attempts },
      }
    }
    if (attempts >= config.maxAttempts) {
      return {
        kind: 'fail',
        error: {
          code: 'max_attempts',
          message: `No valid answer after ${attempts} attempt(s); the last was refused: ${check.reason}`,
        },
        output: { answer: typed, typed, attempts },
      }
    }
    // The retry may quote what was refused: {{<node>.answer}} is the rejected answer, {{<node>.attempts}} how many
    // answers were refused so far, as the node's output says once it is answered.
    const refused = { [node.name]: { answer: typed, typed, attempts, reason: check.reason } }
    const retry = render(config.retryMessage, refused).trim()
      ? render(config.retryMessage, refused)
      : render(config.prompt, refused)
    // The parsers' reasons are English sentences: a run in another language sends its own retry message alone (the
    // reason stays in the node's output and the trace), never an English line before a translated one.
    const english = primaryLanguage(language) === 'en'
    const body =
      check.overrule !== undefined && english
        ? `${check.reason} If not, send ${String(check.overrule)} again to keep it.`
        : english && config.explainRefusal && EXPLAINED.has(config.answerType)
          ? `${check.reason}\n${retry}`
          : retry
    const data: Refused = { refused: typed.trim() }
    return {
      kind: 'wait',
      messages: [text(body)],
      output: { rejected: typed, reason: check.reason, code: check.code, attempts },
      data,
      // A refused answer keeps the deadline of the first ask: "no reply within" counts from the question.
      ...noReplyWait(config, effects.clock.now(), cursor),
    }
  },
}

/**
 * A soft refusal (an email domain that looks like a typo) gives way when the customer sends the same answer again,
 * when it would use up the last attempt (a valid address must not fail the flow), or when the node does not explain
 * refusals (a bare "please try again" would leave the customer guessing what to change).
 */
function overruled(
  check: AnswerResult,
  config: QuestionConfig,
  typed: string,
  data: unknown,
  attempts: number,
): AnswerResult {
  if (check.ok || check.overrule === undefined) return check
  const again = (data as Partial<Refused> | undefined)?.refused?.toLowerCase() === typed.trim().toLowerCase()
  return again || attempts >= config.maxAttempts || !config.explainRefusal ? { ok: true, value: check.overrule } : check
}

function text(body: string): OutboundMessage {
  if (!body.trim()) throw new NodeFailure('empty_message', 'The question rendered empty (its variables are unset).')
  return { type: 'text', text: { body } }
}
