import type { InboundEvent } from '../../engine/types'
import { checkJsonBounds } from '../../json/bounds'

/**
 * The channel's form submission (docs/integrations.md, Chat Flow: `interactive.nfm_reply.response_json`, a JSON string)
 * as the event the engine resumes a Chat Flow node with. A string that is not a JSON object is refused here, so
 * a broken delivery never reaches the run.
 */
export function nfmReplyEvent(
  interactive: { type: string; nfm_reply?: { response_json?: unknown } },
  id?: string,
): { ok: true; event: InboundEvent } | { ok: false; message: string } {
  if (interactive.type !== 'nfm_reply' || !interactive.nfm_reply)
    return { ok: false, message: 'Not a form submission (interactive.type is not nfm_reply).' }
  const text = interactive.nfm_reply.response_json
  if (typeof text !== 'string') return { ok: false, message: 'The form submission has no response_json string.' }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, message: 'The form submission response_json is not valid JSON.' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, message: 'The form submission response_json is not a JSON object.' }
  const bounds = checkJsonBounds(value)
  if (bounds) return { ok: false, message: `The form submission response_json is too deep: ${bounds.message}` }
  return { ok: true, event: { type: 'nfm_reply', response: value as Record<string, unknown>, ...(id ? { id } : {}) } }
}
