// The Script node's time limit, in one place for the schema's description, the editor's check and every reader
// that runs a script (the engine, the Test button, the sandbox): a value outside the documented range is flagged in
// the editor and, wherever a script runs, treated as the nearest bound, so no document, import or request can ask
// for 0 ms, a negative time or a minute.
export const SCRIPT_TIMEOUT_MIN_MS = 100
export const SCRIPT_TIMEOUT_MAX_MS = 5000
export const SCRIPT_TIMEOUT_DEFAULT_MS = 1000

export function clampScriptTimeout(ms: unknown): number {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return SCRIPT_TIMEOUT_DEFAULT_MS
  return Math.min(SCRIPT_TIMEOUT_MAX_MS, Math.max(SCRIPT_TIMEOUT_MIN_MS, Math.round(ms)))
}
