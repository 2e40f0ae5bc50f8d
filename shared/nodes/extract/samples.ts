// Sample messages and answers for an Extract node, for whoever must play one (the generator, the fuzzer, the
// emulator's suggestions). Every sample is checked by the node's own reading (./find.ts, ./read-slot.ts).
import { prepare as prepareQuestion, validAnswers } from '../question/samples'
import { questionDefinition } from '../question/definition'
import type { AnswerContext } from '../question/answers'
import type { ExtractConfig, SlotSpec } from './definition'
import { findSlots } from './find'
import { readSlot } from './read-slot'

export async function prepare(): Promise<void> {
  await prepareQuestion()
}

const TIMES = ['9am', '14:30', 'at 5pm', 'noon']

/** Answers that fill the slot when it is asked for, the most ordinary first. */
export function slotSamples(slot: SlotSpec, ctx: AnswerContext): string[] {
  const candidates =
    slot.type === 'time'
      ? TIMES
      : validAnswers(
          {
            ...questionDefinition.defaults(),
            prompt: 'x',
            saveTo: 'x',
            answerType: slot.type === 'pattern' ? 'regex' : slot.type,
            choices: slot.choices,
            pattern: slot.pattern,
          },
          ctx,
        )
  return candidates.filter((t) => readSlot(t, slot, ctx).ok)
}

/**
 * Messages to read: one giving every slot that can be found in a message (a sample of each that the finder reads
 * alone and still reads beside the others), then one giving none, so every required slot is asked for.
 */
export function messageSamples(c: ExtractConfig, ctx: AnswerContext): string[] {
  const slots = c.slots.filter((s) => s.name.trim())
  const parts: string[] = []
  for (const s of slots) {
    if (s.type === 'text') continue
    const part = slotSamples(s, ctx).find(
      (t) => findSlots([...parts, t].join(', '), slots, ctx).values[s.name] !== undefined,
    )
    if (part !== undefined) parts.push(part)
  }
  const none = ['hello', 'hi there', '?'].find((t) => Object.keys(findSlots(t, slots, ctx).values).length === 0)
  return [...new Set([...(parts.length ? [parts.join(', ')] : []), ...(none ? [none] : [])])]
}

/** Answers every required slot refuses, read whole and searched inside. */
export function refusedAnswers(c: ExtractConfig, ctx: AnswerContext): string[] {
  const required = c.slots.filter((s) => s.required && s.name.trim())
  return ['', '?', 'zz zz'].filter((t) =>
    required.every((s) => !readSlot(t, s, ctx).ok && findSlots(t, [s], ctx).values[s.name] === undefined),
  )
}

/**
 * The text that gives `value` for the slot, checked by its own reading (whole, as an answer to its ask), or null.
 * Text slots are never aimed at: nothing in a message marks them.
 */
export function slotText(value: unknown, slot: SlotSpec, ctx: AnswerContext): { text: string; saved: unknown } | null {
  if (slot.type === 'text' || value === null || value === undefined) return null
  const text = typeof value === 'string' ? value : String(value)
  const r = readSlot(text, slot, ctx)
  return r.ok ? { text, saved: r.value } : null
}
