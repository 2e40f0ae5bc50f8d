import { z } from 'zod'
import type { NodeDefinition, Problem, VariableSpec } from '../types'
import { IDENTIFIER, error, maxLength, requireText } from '../../flow/checks'
import { oneLine } from '../../flow/summary'
import { parseBound } from './answers/date-bounds'
import { answerPatternProblem } from './answers/pattern'
import { ANSWER_TYPE_INFO, ANSWER_TYPES } from './answers/types'
import { noReplyTimeWait, noReplyWithinSchema, timeoutPorts, validateNoReply } from '../no-reply'

export { ANSWER_TYPES }

export const QuestionConfigSchema = z.object({
  prompt: z.string().default('').describe('Question sent to the customer; takes {{ }} placeholders.'),
  saveTo: z.string().default('').describe('Session variable that receives the answer (letters, digits, underscore).'),
  answerType: z
    .enum(ANSWER_TYPES)
    .default('text')
    .describe(
      'How the reply is read and checked, in the flow\'s locale and time zone (see "Question answers" in docs/flow-format.md).',
    ),
  choices: z
    .array(z.string().default(''))
    .default([])
    .describe('Accepted answers for answerType choice (compared case-insensitively).'),
  pattern: z.string().default('').describe('Regular expression the whole answer must match, for answerType regex.'),
  min: z.number().nullable().default(null).describe('Smallest accepted number (number) or shortest length (text).'),
  max: z.number().nullable().default(null).describe('Largest accepted number (number) or longest length (text).'),
  future: z
    .boolean()
    .default(false)
    .describe('date, datetime: only a day that has not passed (today counts), or a moment after now.'),
  notBefore: z
    .string()
    .default('')
    .describe('date, datetime: earliest day accepted: YYYY-MM-DD, today, tomorrow or today+N / today-N (days).'),
  notAfter: z.string().default('').describe('date, datetime: latest day accepted, written like notBefore.'),
  retryMessage: z
    .string()
    .default("Sorry, I didn't get that. Please try again.")
    .describe('Sent when an answer is rejected, before asking again.'),
  explainRefusal: z
    .boolean()
    .default(true)
    .describe(
      'Put what was wrong ("That number is too short for a United Kingdom phone number.") on the line before the retry message. Not for choice and regex, whose retry message is the explanation.',
    ),
  maxAttempts: z
    .number()
    .int()
    .default(3)
    .describe('Answers accepted before the run leaves through the failure port (1–10).'),
  noReplyWithin: noReplyWithinSchema,
})
export type QuestionConfig = z.infer<typeof QuestionConfigSchema>

function answerVariable(c: QuestionConfig, path: string, description: string): VariableSpec {
  const saves = ANSWER_TYPE_INFO[c.answerType].saves
  return saves.format
    ? { path, description, type: saves.type, format: saves.format }
    : { path, description, type: saves.type }
}

function validate(c: QuestionConfig, ctx: Parameters<NodeDefinition<QuestionConfig>['validate']>[1]): Problem[] {
  const out: Problem[] = [
    ...requireText(ctx, '/prompt', c.prompt, 'Question text'),
    ...maxLength(ctx, '/prompt', c.prompt, 4096, 'Question text'),
    ...maxLength(ctx, '/retryMessage', c.retryMessage, 4096, 'Retry message'),
    ...requireText(ctx, '/saveTo', c.saveTo, 'Save to variable'),
  ]
  if (c.saveTo.trim() && !IDENTIFIER.test(c.saveTo))
    out.push(
      error(
        ctx,
        'config.variable_name',
        `Save to variable '${c.saveTo}' may hold only letters, digits and underscore and must not start with a digit.`,
        '/saveTo',
      ),
    )
  if (c.answerType === 'choice' && c.choices.filter((x) => x.trim()).length === 0)
    out.push(error(ctx, 'config.required', 'A choice question needs at least one accepted answer.', '/choices'))
  if (c.answerType === 'regex') {
    if (!c.pattern.trim())
      out.push(error(ctx, 'config.required', 'A pattern question needs a regular expression.', '/pattern'))
    else {
      const problem = answerPatternProblem(c.pattern)
      if (problem) out.push(error(ctx, 'config.pattern', problem, '/pattern'))
    }
  }
  for (const [field, value] of [
    ['/notBefore', c.notBefore],
    ['/notAfter', c.notAfter],
  ] as const)
    if (parseBound(value) === 'invalid')
      out.push(
        error(
          ctx,
          'config.date_bound',
          `'${value}' is not a day: write YYYY-MM-DD, today, tomorrow, or today+N / today-N.`,
          field,
        ),
      )
  out.push(...validateNoReply(c, ctx))
  if (c.min !== null && c.max !== null && c.min > c.max)
    out.push(error(ctx, 'config.range', `Minimum ${c.min} is above maximum ${c.max}.`, '/min'))
  if (c.maxAttempts < 1 || c.maxAttempts > 10)
    out.push(error(ctx, 'config.range', `Attempts must be between 1 and 10; ${c.maxAttempts} given.`, '/maxAttempts'))
  if (c.maxAttempts > 1 && !c.retryMessage.trim())
    out.push(
      error(
        ctx,
        'config.required',
        'A retry message is required when more than one attempt is allowed.',
        '/retryMessage',
      ),
    )
  return out
}

export const questionDefinition: NodeDefinition<QuestionConfig> = {
  label: 'Question',
  description: 'Asks a question, waits for a typed reply, checks it and saves it to a variable.',
  category: 'input',
  configSchema: QuestionConfigSchema,
  defaults: () => ({
    prompt: '',
    saveTo: '',
    answerType: 'text',
    choices: [],
    pattern: '',
    min: null,
    max: null,
    future: false,
    notBefore: '',
    notAfter: '',
    retryMessage: "Sorry, I didn't get that. Please try again.",
    explainRefusal: true,
    maxAttempts: 3,
    noReplyWithin: '',
  }),
  ports: (c) => [
    { id: 'out', label: 'Answered' },
    { id: 'failure', label: 'No valid answer', kind: 'failure' },
    ...timeoutPorts(c),
  ],
  waits: () => true,
  timeWait: noReplyTimeWait,
  variables: (c, name) => [
    ...(c.saveTo.trim() ? [answerVariable(c, c.saveTo, `Answer to: ${oneLine(c.prompt, 40)}`)] : []),
    answerVariable(c, `${name}.answer`, 'The accepted answer'),
    { path: `${name}.typed`, description: 'What the customer typed for the accepted answer', type: 'string' },
    { path: `${name}.attempts`, description: 'How many answers the customer gave', type: 'number' },
  ],
  textFields: (c) => [
    { pointer: '/prompt', label: 'Question text', value: c.prompt },
    { pointer: '/retryMessage', label: 'Retry message', value: c.retryMessage, readsOwnOutput: true },
  ],
  // Not the accepted choices: the answer a choice saves is what conditions downstream compare, in every language.
  // What was wrong with a refused answer is the parsers' own sentence (shared/nodes/question/answers).
  customerTexts: (c) => [
    { pointer: '/prompt', label: 'Question text', value: c.prompt, limit: 4096, kind: 'body' },
    { pointer: '/retryMessage', label: 'Retry message', value: c.retryMessage, limit: 4096, kind: 'retry' },
  ],
  validate,
  summary: (c) =>
    (c.prompt.trim() ? oneLine(c.prompt, 40) : 'No question yet') + (c.saveTo ? ` → {{${c.saveTo}}}` : ''),
}
