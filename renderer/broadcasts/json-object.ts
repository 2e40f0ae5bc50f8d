// The variables a person types as JSON (a broadcast's variables for every recipient, a hand-back's variables): read
// here, before anything is sent, so a typo is said under the field instead of coming back as a refusal.

export type JsonObjectRead = { ok: true; value: Record<string, unknown> } | { ok: false; message: string }

/** Blank is `{}`; otherwise the text must be one JSON object (not a list, a string or a number). */
export function readJsonObject(text: string): JsonObjectRead {
  if (!text.trim()) return { ok: true, value: {} }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err)
    return { ok: false, message: `This is not JSON: ${why}. Write an object such as {"resolved": true}.` }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    return { ok: false, message: 'Write one JSON object, such as {"resolved": true}: names and their values.' }
  return { ok: true, value: value as Record<string, unknown> }
}
