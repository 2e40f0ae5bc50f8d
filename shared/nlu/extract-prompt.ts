// The request an Extract node sends to a model provider (provider = 'model'), and the check of its answer's shape.
// The answer must be one JSON object with every slot's name as a key, each a string, a number or null (not found);
// the node then reads every value with its slot's own parser (shared/nodes/extract), exactly as a typed answer.
import { checkAgainstSchema } from '../json/schema-check'

/** What the prompt needs of a slot (shared/nodes/extract's SlotSpec; this folder imports no node type). */
export interface PromptSlot {
  name: string
  type: string
  choices?: string[]
  pattern?: string
}

export interface ExtractModelRequest {
  purpose: 'extract'
  messages: { role: 'system' | 'user'; content: string }[]
  schema: Record<string, unknown>
  timeoutMs: number
}

export const EXTRACT_TIMEOUT_MS = 10_000

const HOW: Record<string, string> = {
  text: 'free text, as written',
  number: 'a number',
  date: 'a calendar date as YYYY-MM-DD',
  time: 'a time of day as HH:MM, 24-hour',
  phone: 'a phone number in E.164 (+ and digits)',
  email: 'an email address',
  choice: 'exactly one of the listed values',
  pattern: 'text matching the regular expression',
}

function describe(s: PromptSlot): string {
  const more =
    s.type === 'choice'
      ? `: ${(s.choices ?? []).map((c) => JSON.stringify(c)).join(', ')}`
      : s.type === 'pattern'
        ? ` /${s.pattern ?? ''}/`
        : ''
  return `- ${s.name}: ${HOW[s.type] ?? 'text'}${more}`
}

/** The JSON Schema of the answer: every slot a key, its value of the slot's kind or null. */
export function extractSchema(slots: readonly PromptSlot[]): Record<string, unknown> {
  const properties: Record<string, unknown> = {}
  for (const s of slots) {
    const value =
      s.type === 'number'
        ? { type: 'number' }
        : s.type === 'choice'
          ? { type: 'string', enum: (s.choices ?? []).map((c) => c.trim()).filter(Boolean) }
          : { type: 'string' }
    properties[s.name] = { anyOf: [value, { type: 'null' }] }
  }
  return {
    type: 'object',
    properties,
    required: slots.map((s) => s.name),
    additionalProperties: false,
  }
}

/**
 * The chat request: the slots and today's date (so "tomorrow" can be written as a date) in the system message, the
 * customer's message alone as the user message.
 */
export function extractRequest(
  message: string,
  slots: readonly PromptSlot[],
  where: { locale: string; today: string; timeZone: string },
): ExtractModelRequest {
  const system = [
    "Extract values from a customer's message to a business. Answer with one JSON object and nothing else.",
    'For each key below give the value the message states, or null when the message does not state it clearly.',
    'Never guess or invent a value; copy identifiers exactly as written.',
    `Today is ${where.today} (time zone ${where.timeZone}); the message is in locale ${where.locale}.`,
    'Keys:',
    ...slots.map(describe),
  ].join('\n')
  return {
    purpose: 'extract',
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: message },
    ],
    schema: extractSchema(slots),
    timeoutMs: EXTRACT_TIMEOUT_MS,
  }
}

export type CheckedAnswer =
  { ok: true; values: Record<string, string | number | null> } | { ok: false; message: string }

/** Whether a model's answer has the schema's shape: an object, every slot's key, each a string, a number or null. */
export function checkExtractAnswer(json: unknown, slots: readonly PromptSlot[]): CheckedAnswer {
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return { ok: false, message: 'The model did not answer with a JSON object.' }
  // The very schema it was asked with (as the provider and the replay of a recording check it), then the kinds.
  const problem = checkAgainstSchema(json, extractSchema(slots))
  if (problem)
    return {
      ok: false,
      message: `The model's answer does not fit the slots: ${problem.path || 'the answer'} ${problem.message}`,
    }
  const answer = json as Record<string, unknown>
  const names = new Set(slots.map((s) => s.name))
  const extra = Object.keys(answer).find((k) => !names.has(k))
  if (extra !== undefined) return { ok: false, message: `The model answered a key that is no slot: '${extra}'.` }
  const values: Record<string, string | number | null> = {}
  for (const s of slots) {
    if (!(s.name in answer)) return { ok: false, message: `The model's answer has no '${s.name}'.` }
    const v = answer[s.name]
    const fits =
      v === null ||
      (s.type === 'number' ? typeof v === 'number' && Number.isFinite(v) : typeof v === 'string') ||
      (s.type !== 'number' && typeof v === 'number' && Number.isFinite(v))
    if (!fits) return { ok: false, message: `The model's '${s.name}' is not ${HOW[s.type] ?? 'text'} or null.` }
    values[s.name] = v as string | number | null
  }
  return { ok: true, values }
}
