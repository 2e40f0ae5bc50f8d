import type { NodeDefinition, VariableSpec } from './types'

/**
 * What the engine saves under a node's name when it fails and its failure port carries on
 * (shared/engine/execute-node.ts): `error` is the object `{ code, message }`, never a string.
 */
export function failureVariables(name: string): VariableSpec[] {
  return [
    { path: `${name}.error`, description: 'On failure: { code, message }', type: 'object' },
    {
      path: `${name}.error.code`,
      description: 'On failure: stable error code, e.g. http_timeout, max_attempts, outside_window',
      type: 'string',
    },
    { path: `${name}.error.message`, description: 'On failure: the reason in a sentence', type: 'string' },
  ]
}

/**
 * What a node of this type declares, plus the failure variables whenever one of its ports is a failure port: the
 * engine sets `<name>.error` for every node that leaves by its failure port (a Question that gave up or whose prompt
 * the channel refused, an HTTP Call, a Script), so every reader of a node's variables (validation, autocomplete,
 * rename) knows them without each type having to remember to declare them.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function declaredVariables(def: NodeDefinition<any>, config: unknown, name: string): VariableSpec[] {
  const declared = def.variables(config, name)
  if (!def.ports(config).some((p) => p.kind === 'failure')) return declared
  const known = new Set(declared.map((v) => v.path))
  return [...declared, ...failureVariables(name).filter((v) => !known.has(v.path))]
}
