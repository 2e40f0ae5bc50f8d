// The ids the engine makes (runs, messages): the prefix, then 20 hex digits, the first 11 the time in milliseconds
// and the last 9 random. Stores index runs, traces and messages by these ids; with random ids every insert landed on a
// random leaf of those indexes, so a step dirtied a page per index anywhere in the file, and each commit and checkpoint
// wrote them all. Ids that grow with time insert at the indexes' ends, where the other steps of the same moment write
// too: the webhook benchmark's commits spent 40-55 % less time stalled (docs/runtime.md). 36 random bits keep two ids
// of one millisecond apart (two equal among a thousand ids of one millisecond: about 1 in 10^5); ids are names, not secrets.

/** 11 hex digits of milliseconds: until the year 2527. */
const TIME_DIGITS = 11

export function timeOrderedId(prefix: string, now = Date.now()): string {
  const time = Math.max(0, Math.floor(now)).toString(16).padStart(TIME_DIGITS, '0').slice(-TIME_DIGITS)
  const random = globalThis.crypto
    .randomUUID()
    .replace(/-/g, '')
    .slice(0, 20 - TIME_DIGITS)
  return `${prefix}${time}${random}`
}
