import { z } from 'zod'
import type { NodeDefinition, Problem, TextField, ValidateContext } from '../types'
import { IDENTIFIER, error } from '../../flow/checks'
import { oneLine } from '../../flow/summary'
import { parseDuration } from '../../text/duration'
import { TEXT_BODY_MAX } from '../message/definition'

const DAY = 86_400_000
/** The longest a takeover may last before it comes back by itself: the time primitive's limit (a Wait's too). */
export const RETURN_AFTER_MAX_MS = 365 * DAY

export const HandOverConfigSchema = z.object({
  message: z
    .string()
    .default('')
    .describe('Sent to the customer before a person takes over (optional); takes {{ }} placeholders.'),
  note: z
    .string()
    .default('')
    .describe(
      'For the person who takes over: the reason, the team; takes {{ }}. Shown in the studio and the notification.',
    ),
  returnAfter: z
    .string()
    .default('')
    .describe('Comes back to the bot by itself after this long (30m, 2h, 1d); empty: only a person hands it back.'),
  notify: z.boolean().default(true).describe("Send the runtime's handover notification (its --handover-url)."),
  handsBack: z
    .array(z.string().default(''))
    .default([])
    .describe('Variables the person sets when handing back (names), so nodes after Returned can read {{name}}.'),
})
export type HandOverConfig = z.infer<typeof HandOverConfigSchema>

/** The node's time in ms, or null when only a person hands the conversation back (or the text is no duration). */
export function returnAfterMs(c: HandOverConfig): number | null {
  return c.returnAfter.trim() ? parseDuration(c.returnAfter) : null
}

function validate(c: HandOverConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  if (c.message.length > TEXT_BODY_MAX)
    out.push(error(ctx, 'config.too_long', `The message is longer than ${TEXT_BODY_MAX} characters.`, '/message'))
  c.handsBack.forEach((v, i) => {
    if (!IDENTIFIER.test(v.trim()))
      out.push(
        error(
          ctx,
          'config.variable',
          `'${v}' is not a variable name: letters, digits and underscore, not starting with a digit.`,
          `/handsBack/${i}`,
        ),
      )
  })
  if (c.returnAfter.trim()) {
    const ms = parseDuration(c.returnAfter)
    if (ms === null)
      out.push(
        error(
          ctx,
          'config.duration',
          `'${c.returnAfter}' is not a duration: write it like 30m, 2h or 1d, or leave it empty.`,
          '/returnAfter',
        ),
      )
    else if (ms < 60_000 || ms > RETURN_AFTER_MAX_MS)
      out.push(
        error(
          ctx,
          'config.range',
          `Return after must be between 1 minute and 365 days; ${c.returnAfter} given.`,
          '/returnAfter',
        ),
      )
  }
  return out
}

function textFields(c: HandOverConfig): TextField[] {
  return [
    { pointer: '/message', label: 'Message', value: c.message },
    { pointer: '/note', label: 'Note for the person', value: c.note },
  ]
}

function summary(c: HandOverConfig): string {
  const back = c.returnAfter.trim() ? `back after ${c.returnAfter.trim()}` : 'until a person hands back'
  return c.note.trim() ? `${oneLine(c.note)} · ${back}` : `With a person, ${back}`
}

export const handOverDefinition: NodeDefinition<HandOverConfig> = {
  label: 'Hand over',
  description:
    'Puts the conversation with a person: the bot stays silent for the contact until the person hands it back (or the time set here passes), then the flow goes on by Returned with what the person set.',
  category: 'logic',
  configSchema: HandOverConfigSchema,
  defaults: () => ({ message: '', note: '', returnAfter: '', notify: true, handsBack: [] }),
  ports: () => [{ id: 'returned', label: 'Returned' }],
  // Not waiting for the customer: what they write meanwhile goes to the person (docs/engine.md, rule 14).
  waits: () => false,
  timeWait: (c) => {
    const ms = returnAfterMs(c)
    return ms === null ? null : { maxMs: ms, port: 'returned' }
  },
  variables: (c, name) => [
    ...c.handsBack
      .map((v) => v.trim())
      .filter((v) => IDENTIFIER.test(v))
      .map((v) => ({ path: v, description: `Set by the person who hands back (${name})`, type: 'string' as const })),
    { path: `${name}.handoverId`, description: "The takeover's id (hnd_…)", type: 'string' },
    { path: `${name}.note`, description: 'The note for the person, placeholders filled', type: 'string' },
    {
      path: `${name}.until`,
      description: 'When it comes back by itself (ISO 8601), or null',
      type: 'string',
      format: 'date-time',
    },
    {
      path: `${name}.handover.by`,
      description: 'Who gave it back: api, studio or timeout',
      type: 'string',
    },
    {
      path: `${name}.handover.since`,
      description: 'When the person took it (ISO 8601)',
      type: 'string',
      format: 'date-time',
    },
    { path: `${name}.handover.durationMs`, description: 'How long the person had it, in ms', type: 'number' },
    {
      path: `${name}.handover.variables`,
      description: 'The variables the person set when handing back (also set under their own names in the run)',
      type: 'object',
    },
  ],
  textFields,
  customerTexts: (c) => [
    { pointer: '/message', label: 'Message', value: c.message, limit: TEXT_BODY_MAX, kind: 'body' },
  ],
  validate,
  summary,
}
