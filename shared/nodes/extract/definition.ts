import { z } from 'zod'
import type { NodeDefinition, Problem, ValidateContext, VariableSpec } from '../types'
import { IDENTIFIER, duplicates, error, maxLength, requireText } from '../../flow/checks'
import { oneLine } from '../../flow/summary'
import { answerPatternProblem } from '../question/answers/pattern'
import { SLOT_TYPES, SLOT_TYPE_INFO } from './slot-types'

export const SlotSchema = z.object({
  name: z.string().default('').describe('Name of the value under the node ({{extract_1.<name>}}): letters, digits, _.'),
  type: z
    .enum(SLOT_TYPES)
    .default('text')
    .describe(
      'How the value is found and read, with the Question answers\' parsers (see "Extract" in docs/flow-format.md).',
    ),
  required: z.boolean().default(true).describe('Asked for when the message does not hold it.'),
  ask: z.string().default('').describe('Sent to ask for the value when it is missing; takes {{ }} placeholders.'),
  choices: z.array(z.string().default('')).default([]).describe('Accepted values for type choice (any letter case).'),
  pattern: z.string().default('').describe('Regular expression the value matches, for type pattern.'),
})
export type SlotSpec = z.infer<typeof SlotSchema>

export const ExtractConfigSchema = z.object({
  slots: z.array(SlotSchema).default([]).describe('The values to pull from the message, in the order they are asked.'),
  source: z
    .enum(['trigger', 'next', 'text'])
    .default('trigger')
    .describe(
      "Read the message that started the flow, wait for the customer's next message, or read `text` (the message an Intent node before it classified: {{intent_1.text}}).",
    ),
  text: z.string().default('').describe("The text to read when source is 'text'; takes {{ }} placeholders."),
  prompt: z.string().default('').describe("Sent before waiting when source is 'next'; takes {{ }} placeholders."),
  provider: z
    .enum(['offline', 'model'])
    .default('offline')
    .describe('Find the values with the built-in parsers, or ask the configured model provider (checked by them).'),
})
export type ExtractConfig = z.infer<typeof ExtractConfigSchema>

function slotVariable(s: SlotSpec, name: string): VariableSpec {
  const saves = SLOT_TYPE_INFO[s.type].saves
  const description = `${s.name}${s.required ? '' : ' (optional: null when not given)'}`
  return saves.format
    ? { path: `${name}.${s.name}`, description, type: saves.type, format: saves.format }
    : { path: `${name}.${s.name}`, description, type: saves.type }
}

function validate(c: ExtractConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  if (c.slots.length === 0)
    out.push(error(ctx, 'config.required', 'An Extract node needs at least one slot.', '/slots'))
  const twice = duplicates(c.slots.map((s) => s.name.trim()).filter(Boolean))
  c.slots.forEach((s, i) => {
    const at = `/slots/${i}`
    const label = s.name.trim() ? `Slot '${s.name}'` : `Slot ${i + 1}`
    out.push(...requireText(ctx, `${at}/name`, s.name, `${label} name`))
    if (s.name.trim() && !IDENTIFIER.test(s.name))
      out.push(
        error(
          ctx,
          'config.variable_name',
          `${label} may hold only letters, digits and underscore and must not start with a digit.`,
          `${at}/name`,
        ),
      )
    if (s.name.trim() === 'missing')
      out.push(
        error(
          ctx,
          'config.slot_reserved',
          "'missing' is the list of slots not found; name the slot otherwise.",
          `${at}/name`,
        ),
      )
    if (twice.has(s.name.trim()))
      out.push(
        error(ctx, 'config.slot_duplicate', `${label} is named twice: each slot needs its own name.`, `${at}/name`),
      )
    if (s.required && !s.ask.trim())
      out.push(error(ctx, 'config.required', `${label} is required, so it needs a message asking for it.`, `${at}/ask`))
    out.push(...maxLength(ctx, `${at}/ask`, s.ask, 4096, `${label} message`))
    if (s.type === 'choice' && s.choices.filter((x) => x.trim()).length === 0)
      out.push(
        error(ctx, 'config.required', `${label} is a choice: list at least one accepted value.`, `${at}/choices`),
      )
    if (s.type === 'pattern') {
      if (!s.pattern.trim())
        out.push(
          error(ctx, 'config.required', `${label} is a pattern: it needs a regular expression.`, `${at}/pattern`),
        )
      else {
        const problem = answerPatternProblem(s.pattern)
        if (problem) out.push(error(ctx, 'config.pattern', problem, `${at}/pattern`))
      }
    }
  })
  out.push(...maxLength(ctx, '/prompt', c.prompt, 4096, 'Prompt'))
  if (c.source === 'text') out.push(...requireText(ctx, '/text', c.text, 'Text to read'))
  return out
}

export const extractDefinition: NodeDefinition<ExtractConfig> = {
  label: 'Extract',
  description:
    "Pulls values (an order number, a date, a phone…) from the customer's message, asks for the required ones still missing, and saves them.",
  category: 'logic',
  configSchema: ExtractConfigSchema,
  // A new node starts with one slot to fill in (its name, type and ask message), as a new Question starts asking.
  defaults: () => ({
    slots: [{ name: 'value', type: 'text', required: true, ask: '', choices: [], pattern: '' }],
    source: 'trigger',
    text: '',
    prompt: '',
    provider: 'offline',
  }),
  ports: () => [
    { id: 'done', label: 'Done' },
    { id: 'failed', label: 'Failed', kind: 'failure' },
  ],
  // It pauses when it reads the next message, or asks for a required slot the message may lack.
  waits: (c) => c.source === 'next' || c.slots.some((s) => s.required),
  variables: (c, name) => [
    ...c.slots.filter((s) => IDENTIFIER.test(s.name)).map((s) => slotVariable(s, name)),
    { path: `${name}.missing`, description: 'Names of the optional slots not given', type: 'array' },
  ],
  textFields: (c) => [
    { pointer: '/text', label: 'Text to read', value: c.text },
    { pointer: '/prompt', label: 'Prompt', value: c.prompt },
    ...c.slots.map((s, i) => ({
      pointer: `/slots/${i}/ask`,
      label: `Ask for ${s.name || `slot ${i + 1}`}`,
      value: s.ask,
      readsOwnOutput: true,
    })),
  ],
  customerTexts: (c) => [
    ...(c.source === 'next'
      ? [{ pointer: '/prompt', label: 'Prompt', value: c.prompt, limit: 4096, kind: 'body' as const }]
      : []),
    ...c.slots.map((s, i) => ({
      pointer: `/slots/${i}/ask`,
      label: `Ask for ${s.name || `slot ${i + 1}`}`,
      value: s.ask,
      limit: 4096,
      kind: 'body' as const,
    })),
  ],
  validate,
  summary: (c) =>
    c.slots.length
      ? oneLine(c.slots.map((s) => `${s.name || '?'}${s.required ? '' : '?'}: ${s.type}`).join(', '), 48)
      : 'No slots yet',
}
