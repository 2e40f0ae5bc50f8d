import { z } from 'zod'
import type { NodeDefinition, Problem, VariableSpec } from '../types'
import { IDENTIFIER, error, maxLength, requireText } from '../../flow/checks'
import { oneLine } from '../../flow/summary'

export const ANSWER_TYPES = ['text', 'number', 'email', 'phone', 'date', 'choice', 'regex'] as const

export const QuestionConfigSchema = z.object({
  prompt: z.string().default('').describe('Question sent to the customer; takes {{ }} placeholders.'),
  saveTo: z.string().default('').describe('Session variable that receives the answer (letters, digits, underscore).'),
  answerType: z.enum(ANSWER_TYPES).default('text').describe('How the reply is checked before it is accepted.'),
  choices: z.array(z.string().default('')).default([]).describe('Accepted answers for answerType choice (compared case-insensitively).'),
  pattern: z.string().default('').describe('Regular expression the whole answer must match, for answerType regex.'),
  min: z.number().nullable().default(null).describe('Smallest accepted number (number) or shortest length (text).'),
  max: z.number().nullable().default(null).describe('Largest accepted number (number) or longest length (text).'),
  retryMessage: z.string().default("Sorry, I didn't get that. Please try again.").describe('Sent when an answer is rejected, before asking again.'),
  maxAttempts: z.number().int().default(3).describe('Answers accepted before the run leaves through the failure port (1–10).'),
})
export type QuestionConfig = z.infer<typeof QuestionConfigSchema>

const VARIABLE_TYPE: Record<QuestionConfig['answerType'], VariableSpec['type']> = {
  text: 'string', number: 'number', email: 'string', phone: 'string', date: 'string', choice: 'string', regex: 'string',
}

function validate(c: QuestionConfig, ctx: Parameters<NodeDefinition<QuestionConfig>['validate']>[1]): Problem[] {
  const out: Problem[] = [
    ...requireText(ctx, '/prompt', c.prompt, 'Question text'),
    ...maxLength(ctx, '/prompt', c.prompt, 4096, 'Question text'),
    ...maxLength(ctx, '/retryMessage', c.retryMessage, 4096, 'Retry message'),
    ...requireText(ctx, '/saveTo', c.saveTo, 'Save to variable'),
  ]
  if (c.saveTo.trim() && !IDENTIFIER.test(c.saveTo))
    out.push(error(ctx, 'config.variable_name', `Save to variable '${c.saveTo}' may hold only letters, digits and underscore and must not start with a digit.`, '/saveTo'))
  if (c.answerType === 'choice' && c.choices.filter((x) => x.trim()).length === 0)
    out.push(error(ctx, 'config.required', 'A choice question needs at least one accepted answer.', '/choices'))
  if (c.answerType === 'regex') {
    if (!c.pattern.trim()) out.push(error(ctx, 'config.required', 'A pattern question needs a regular expression.', '/pattern'))
    else {
      try {
        new RegExp(c.pattern)
      } catch {
        out.push(error(ctx, 'config.pattern', `'${c.pattern}' is not a valid regular expression.`, '/pattern'))
      }
    }
  }
  if (c.min !== null && c.max !== null && c.min > c.max)
    out.push(error(ctx, 'config.range', `Minimum ${c.min} is above maximum ${c.max}.`, '/min'))
  if (c.maxAttempts < 1 || c.maxAttempts > 10)
    out.push(error(ctx, 'config.range', `Attempts must be between 1 and 10; ${c.maxAttempts} given.`, '/maxAttempts'))
  if (c.maxAttempts > 1 && !c.retryMessage.trim())
    out.push(error(ctx, 'config.required', 'A retry message is required when more than one attempt is allowed.', '/retryMessage'))
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
    retryMessage: "Sorry, I didn't get that. Please try again.",
    maxAttempts: 3,
  }),
  ports: () => [
    { id: 'out', label: 'Answered' },
    { id: 'failure', label: 'No valid answer', kind: 'failure' },
  ],
  waits: () => true,
  variables: (c, name) => [
    ...(c.saveTo.trim() ? [{ path: c.saveTo, description: `Answer to: ${oneLine(c.prompt, 40)}`, type: VARIABLE_TYPE[c.answerType] }] : []),
    { path: `${name}.answer`, description: 'The accepted answer', type: VARIABLE_TYPE[c.answerType] },
    { path: `${name}.attempts`, description: 'How many answers the customer gave', type: 'number' },
  ],
  textFields: (c) => [
    { pointer: '/prompt', label: 'Question text', value: c.prompt },
    { pointer: '/retryMessage', label: 'Retry message', value: c.retryMessage },
  ],
  validate,
  summary: (c) => (c.prompt.trim() ? oneLine(c.prompt, 40) : 'No question yet') + (c.saveTo ? ` → {{${c.saveTo}}}` : ''),
}
