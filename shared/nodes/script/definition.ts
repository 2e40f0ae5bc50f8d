import { z } from 'zod'
import type { NodeDefinition, Problem, ValidateContext } from '../types'
import { IDENTIFIER, duplicates, error, requireText } from '../../flow/checks'
import { plural } from '../../flow/summary'
import { failureVariables } from '../failure-variables'
import { SCRIPT_TIMEOUT_DEFAULT_MS, SCRIPT_TIMEOUT_MAX_MS, SCRIPT_TIMEOUT_MIN_MS } from './limits'

export const ScriptConfigSchema = z.object({
  code: z
    .string()
    .default('return {}')
    .describe('JavaScript body run in a sandbox; it reads `input` and returns an object whose keys are the outputs.'),
  inputs: z
    .array(
      z
        .object({
          name: z.string().default('').describe('Name inside the script: input.<name>.'),
          value: z.string().default('').describe('Template, e.g. {{http_call_1.result.total}}.'),
        })
        .prefault({}),
    )
    .default([])
    .describe('Session values mapped into the script.'),
  outputs: z
    .array(
      z
        .object({
          name: z.string().default('').describe('Key of the returned object.'),
          type: z
            .enum(['string', 'number', 'boolean', 'object', 'array', 'unknown'])
            .default('string')
            .describe('Expected type, for autocomplete.'),
        })
        .prefault({}),
    )
    .default([])
    .describe('Keys of the returned object, saved as {{<node name>.<key>}}.'),
  timeoutMs: z
    .number()
    .int()
    .default(SCRIPT_TIMEOUT_DEFAULT_MS)
    // The range is in the published JSON schema; the parser still reads a value outside it, so the editor can point
    // at it, and every reader that runs a script uses the nearest bound (./limits.ts).
    .meta({
      description: `The script is stopped after this many milliseconds (${SCRIPT_TIMEOUT_MIN_MS}–${SCRIPT_TIMEOUT_MAX_MS}; a value outside is run as the nearest bound); failure port follows.`,
      minimum: SCRIPT_TIMEOUT_MIN_MS,
      maximum: SCRIPT_TIMEOUT_MAX_MS,
    }),
})
export type ScriptConfig = z.infer<typeof ScriptConfigSchema>

function validate(c: ScriptConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [...requireText(ctx, '/code', c.code, 'Script code')]
  const names = (list: { name: string }[], what: string, at: string) => {
    const dup = duplicates(list.map((x) => x.name))
    list.forEach((x, i) => {
      if (!IDENTIFIER.test(x.name))
        out.push(
          error(
            ctx,
            'config.variable_name',
            `${what} name '${x.name}' may hold only letters, digits and underscore and must not start with a digit.`,
            `${at}/${i}/name`,
          ),
        )
      else if (dup.has(x.name))
        out.push(error(ctx, 'config.duplicate_name', `${what} name '${x.name}' is used twice.`, `${at}/${i}/name`))
    })
  }
  names(c.inputs, 'Input', '/inputs')
  names(c.outputs, 'Output', '/outputs')
  if (c.timeoutMs < SCRIPT_TIMEOUT_MIN_MS || c.timeoutMs > SCRIPT_TIMEOUT_MAX_MS)
    out.push(
      error(
        ctx,
        'config.range',
        `Timeout must be between ${SCRIPT_TIMEOUT_MIN_MS} and ${SCRIPT_TIMEOUT_MAX_MS} ms; ${c.timeoutMs} given.`,
        '/timeoutMs',
      ),
    )
  return out
}

export const scriptDefinition: NodeDefinition<ScriptConfig> = {
  label: 'Script',
  description: 'Runs a short JavaScript function on mapped inputs; its returned keys are saved under the node name.',
  category: 'logic',
  configSchema: ScriptConfigSchema,
  defaults: () => ({ code: 'return {}', inputs: [], outputs: [], timeoutMs: SCRIPT_TIMEOUT_DEFAULT_MS }),
  ports: () => [
    { id: 'success', label: 'Success', kind: 'success' },
    { id: 'failure', label: 'Failure', kind: 'failure' },
  ],
  waits: () => false,
  variables: (c, name) => [
    ...c.outputs
      .filter((o) => o.name)
      .map((o) => ({ path: `${name}.${o.name}`, description: `Script output ${o.name}`, type: o.type })),
    ...failureVariables(name),
    { path: `${name}.line`, description: 'On failure: line of the error in the script', type: 'number' },
    { path: `${name}.column`, description: 'On failure: column of the error in the script', type: 'number' },
  ],
  customerTexts: () => [],
  textFields: (c) =>
    c.inputs.map((x, i) => ({ pointer: `/inputs/${i}/value`, label: `Input ${x.name || i + 1}`, value: x.value })),
  validate,
  summary: (c) => `${plural(c.inputs.length, 'input')} → ${c.outputs.map((o) => o.name).join(', ') || 'no outputs'}`,
}
