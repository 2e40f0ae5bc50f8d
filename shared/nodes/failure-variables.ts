import type { VariableSpec } from './types'

/**
 * What the engine saves under a node's name when it fails and its failure port carries on
 * (shared/engine/execute-node.ts): `error` is the object `{ code, message }`, never a string.
 */
export function failureVariables(name: string): VariableSpec[] {
  return [
    { path: `${name}.error`, description: 'On failure: { code, message }', type: 'object' },
    { path: `${name}.error.code`, description: 'On failure: stable error code, e.g. http_timeout', type: 'string' },
    { path: `${name}.error.message`, description: 'On failure: the reason in a sentence', type: 'string' },
  ]
}
