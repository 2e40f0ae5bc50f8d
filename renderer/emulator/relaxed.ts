import { parseRelaxedJson } from '../../shared/expr/json'

/** An object typed by the tester in relaxed JSON (webhook data, presets, variable edits); blank is {}. */
export function parseRelaxedObject(
  text: string,
): { ok: true; value: Record<string, unknown> } | { ok: false; message: string } {
  if (!text.trim()) return { ok: true, value: {} }
  const r = parseRelaxedJson(text)
  if (!r.ok) return { ok: false, message: `${r.message} (line ${r.line}, column ${r.column})` }
  if (typeof r.value !== 'object' || r.value === null || Array.isArray(r.value))
    return { ok: false, message: 'write an object, such as { name: "Asha" }' }
  return { ok: true, value: r.value as Record<string, unknown> }
}
