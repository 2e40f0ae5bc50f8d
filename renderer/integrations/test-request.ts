// What the Test request dialog asks for and sends: every variable the HTTP Call's fields read, prefilled from the
// flow's samples or the values typed last time, turned into the session variables the back end renders with.
import { findVariableRefs, lookupPath } from '../../shared/expr'
import { httpCallDefinition, type HttpCallConfig } from '../../shared/nodes/http_call/definition'
import { previewVars } from '../expr-editor/preview'

/** Dotted paths every templated field of the call reads (URL, headers, query, body, auth), in order, each once. */
export function requestVariables(config: HttpCallConfig): string[] {
  const paths = httpCallDefinition
    .textFields(config)
    .flatMap((f) => findVariableRefs(f.value).map((r) => r.path.join('.')))
  return [...new Set(paths)]
}

/** The value a field starts with: the one typed last time, else the sample's, else empty. */
export function initialValue(
  path: string,
  samples: Record<string, unknown>,
  remembered: Record<string, string>,
): string {
  if (Object.prototype.hasOwnProperty.call(remembered, path)) return remembered[path]!
  const v = lookupPath(samples, path.split('.'))
  if (v === undefined || v === null) return ''
  return typeof v === 'object' ? JSON.stringify(v) : String(v)
}

/** Session variables for the request: the samples, overlaid with the typed values (numbers stay numbers). */
export function requestVars(samples: Record<string, unknown>, typed: Record<string, string>): Record<string, unknown> {
  return previewVars(samples, typed) as Record<string, unknown>
}

/** The response body as the dialog shows it: JSON pretty-printed, text as it came. */
export function showBody(result: unknown): string {
  if (typeof result === 'string') return result
  return JSON.stringify(result, null, 2) ?? ''
}

// Values typed in the dialog, per flow and node, for the rest of the session: a second test starts where the first ended.
const memory = new Map<string, Record<string, string>>()
export const rememberedValues = (key: string): Record<string, string> => memory.get(key) ?? {}
export const rememberValues = (key: string, values: Record<string, string>): void =>
  void memory.set(key, { ...rememberedValues(key), ...values })
