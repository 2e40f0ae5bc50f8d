import { z } from 'zod'
import type { NodeDefinition, Problem, ValidateContext } from '../types'
import { duplicates, error, maxLength, warning } from '../../flow/checks'
import { oneLine, plural } from '../../flow/summary'
import { intentProblems } from './checks'

export const IntentSpecSchema = z.object({
  name: z
    .string()
    .default('')
    .describe("The intent's name, also its output port's id: letters, digits, spaces, _ and -."),
  description: z.string().default('').describe('What the customer means by it (a model provider reads this).'),
  examples: z
    .array(z.string().default(''))
    .default([])
    .describe('Phrases a customer might send for it; at least 5, as varied as customers write.'),
})

export const INTENT_SOURCES = ['trigger', 'next'] as const
export const INTENT_PROVIDERS = ['offline', 'model'] as const

export const IntentConfigSchema = z.object({
  intents: z.array(IntentSpecSchema).default([]).describe('One output port per intent, then other and failed.'),
  threshold: z
    .number()
    .default(0.5)
    .describe('Lowest score (0–1) that chooses an intent; below it for every intent the run takes other.'),
  source: z
    .enum(INTENT_SOURCES)
    .default('next')
    .describe("Classify the message that started the flow (trigger), or wait for the customer's next message (next)."),
  prompt: z
    .string()
    .default('')
    .describe('Sent before waiting when the source is the next message; takes {{ }} placeholders. Empty: none.'),
  provider: z
    .enum(INTENT_PROVIDERS)
    .default('offline')
    .describe(
      "offline: the built-in classifier trained on the examples. model: the studio's or runtime's model provider.",
    ),
})
export type IntentConfig = z.infer<typeof IntentConfigSchema>

/** Port ids the node keeps for itself. */
export const OTHER_PORT = 'other'
export const FAILED_PORT = 'failed'
const RESERVED = new Set([OTHER_PORT, FAILED_PORT])
/** An intent's name is a port id: readable, stable, and safe in a test file and a mock (`port: cancel`). */
export const INTENT_NAME = /^[\p{L}\p{N}_-]+(?: [\p{L}\p{N}_-]+)*$/u
export const MAX_NAME = 64

function validate(c: IntentConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [...maxLength(ctx, '/prompt', c.prompt, 4096, 'Prompt')]
  if (c.intents.length === 0)
    out.push(error(ctx, 'config.required', 'An Intent node needs at least one intent.', '/intents'))
  if (!(c.threshold >= 0 && c.threshold <= 1))
    out.push(error(ctx, 'config.range', `The threshold must be between 0 and 1; ${c.threshold} given.`, '/threshold'))
  const dup = duplicates(c.intents.map((i) => i.name.trim().toLowerCase()))
  c.intents.forEach((intent, i) => {
    const at = `/intents/${i}/name`
    const name = intent.name
    if (!name.trim()) out.push(error(ctx, 'config.required', `Intent ${i + 1} needs a name.`, at))
    else if (RESERVED.has(name.trim().toLowerCase()))
      out.push(error(ctx, 'intent.reserved_name', `'${name}' is the name of a port every Intent node has.`, at))
    else if (name.length > MAX_NAME || !INTENT_NAME.test(name))
      out.push(
        error(
          ctx,
          'intent.port_name',
          `Intent name '${oneLine(name, 40)}' is not a port name: use letters, digits, _ and - with single spaces between words, at most ${MAX_NAME} characters.`,
          at,
        ),
      )
    else if (dup.has(name.trim().toLowerCase()))
      out.push(error(ctx, 'intent.duplicate_name', `Intent name '${name}' is used twice.`, at))
  })
  out.push(...intentProblems(c, ctx))
  if (c.source === 'trigger' && c.prompt.trim())
    out.push(
      warning(
        ctx,
        'intent.prompt_unused',
        'The prompt is sent only when the node waits for the next message.',
        '/prompt',
      ),
    )
  return out
}

export const intentDefinition: NodeDefinition<IntentConfig> = {
  label: 'Intent',
  description:
    'Reads what the customer means from free text: one port per intent, other when none is close enough, failed when it cannot classify.',
  category: 'logic',
  configSchema: IntentConfigSchema,
  defaults: () => ({
    intents: [
      { name: 'yes', description: 'The customer agrees', examples: ['yes', 'yes please', 'sure', 'ok', 'sounds good'] },
      {
        name: 'no',
        description: 'The customer declines',
        examples: ['no', 'no thanks', 'nope', 'not now', "I don't want that"],
      },
    ],
    threshold: 0.5,
    source: 'next',
    prompt: '',
    provider: 'offline',
  }),
  ports: (c) => [
    ...c.intents.map((i) => ({ id: i.name, label: i.name })),
    { id: OTHER_PORT, label: 'Other', kind: 'else' as const },
    { id: FAILED_PORT, label: 'Failed', kind: 'failure' as const },
  ],
  waits: (c) => c.source === 'next',
  variables: (_c, name) => [
    {
      path: `${name}.intent`,
      description: "The intent chosen ('other' when none cleared the threshold)",
      type: 'string',
    },
    { path: `${name}.confidence`, description: "The chosen intent's score, 0 to 1", type: 'number' },
    { path: `${name}.scores`, description: "Every intent's score, by intent name", type: 'object' },
    { path: `${name}.provider`, description: "Who classified: 'offline' or the model provider's id", type: 'string' },
    { path: `${name}.text`, description: 'The text classified', type: 'string' },
  ],
  textFields: (c) => (c.source === 'next' ? [{ pointer: '/prompt', label: 'Prompt', value: c.prompt }] : []),
  customerTexts: (c) =>
    c.source === 'next' ? [{ pointer: '/prompt', label: 'Prompt', value: c.prompt, limit: 4096, kind: 'body' }] : [],
  validate,
  summary: (c) =>
    `${plural(c.intents.length, 'intent')} + other` + (c.source === 'trigger' ? ' · the first message' : ''),
}
