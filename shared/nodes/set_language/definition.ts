import { z } from 'zod'
import type { NodeDefinition, Problem, TextField, ValidateContext } from '../types'
import { error } from '../../flow/checks'
import { matchLanguage } from '../../flow/languages'

export const SetLanguageConfigSchema = z.object({
  language: z
    .string()
    .default('')
    .describe(
      "The run's new language: one of the flow's languages ('es'), or a {{ }} template giving one ({{button_id}} after a language menu). A value that is not one of them takes Unknown and the language stays.",
    ),
})
export type SetLanguageConfig = z.infer<typeof SetLanguageConfigSchema>

/** A value written without {{ }}: the same every run, so validation can check it against the flow's languages. */
export const isFixed = (c: SetLanguageConfig) => !c.language.includes('{{')

function validate(c: SetLanguageConfig, ctx: ValidateContext): Problem[] {
  const value = c.language.trim()
  if (!value)
    return [error(ctx, 'config.required', 'Choose the language to set, or a {{ }} template giving one.', '/language')]
  const list = ctx.languages?.list
  if (isFixed(c) && list && !matchLanguage(value, list))
    return [
      error(
        ctx,
        'config.language',
        `'${value}' is not one of the flow's languages (${list.join(', ')}); add it in the flow's settings or pick one of them.`,
        '/language',
      ),
    ]
  return []
}

function textFields(c: SetLanguageConfig): TextField[] {
  return [{ pointer: '/language', label: 'Language', value: c.language }]
}

export const setLanguageDefinition: NodeDefinition<SetLanguageConfig> = {
  label: 'Set Language',
  description:
    "Changes the language the run speaks from here on (a 'choose your language' menu), and remembers it on the contact; {{contact.language}} reads it.",
  category: 'logic',
  configSchema: SetLanguageConfigSchema,
  defaults: () => ({ language: '' }),
  ports: () => [
    { id: 'out', label: 'Set', kind: 'success' },
    { id: 'unknown', label: 'Not a flow language', kind: 'failure' },
  ],
  waits: () => false,
  variables: (_c, name) => [
    {
      path: `${name}.language`,
      description: 'The language the run speaks after this node (a BCP 47 tag).',
      type: 'string',
    },
    { path: `${name}.previous`, description: 'The language the run spoke before it.', type: 'string' },
    {
      path: `${name}.requested`,
      description: 'The value the node was given, as rendered (what took Unknown when it is not a flow language).',
      type: 'string',
    },
  ],
  textFields,
  // It sends nothing: the language value is a tag, never shown to the customer.
  customerTexts: () => [],
  validate,
  summary: (c) => (c.language.trim() ? `Language: ${c.language.trim()}` : 'Language: …'),
}
