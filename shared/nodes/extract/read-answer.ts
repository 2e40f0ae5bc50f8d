// The parsing half of the Extract runner, loaded with the first message it reads (chrono-node, libphonenumber-js
// and the number words stay out of the engine's start, as for Questions).
import { ModelError } from '../../engine/effects'
import type { RunContext } from '../../engine/runner'
import { answerContext, dayIn, prepareAnswers, type AnswerContext, type SavedValue } from '../question/answers'
import { checkExtractAnswer, extractRequest } from '../../nlu/extract-prompt'
import type { ExtractConfig, SlotSpec } from './definition'
import { findSlots } from './find'
import { readSlot, type SlotResult } from './read-slot'

type Ctx = RunContext<ExtractConfig>

function contextOf(ctx: Ctx): AnswerContext {
  return answerContext(ctx.settings, ctx.effects.clock.now(), ctx.contact.phone, ctx.language)
}

/** The slots a message gives, offline (./find.ts) or from the model provider, each checked by its slot's parser. */
export async function readMessageSlots(
  message: string,
  ctx: Ctx,
): Promise<{ values: Record<string, SavedValue>; from: Record<string, string> }> {
  await prepareAnswers()
  const actx = contextOf(ctx)
  const slots = ctx.config.slots.filter((s) => s.name.trim())
  if (ctx.config.provider === 'model') return fromModel(message, slots, ctx, actx)
  const found = findSlots(message, slots, actx)
  const from: Record<string, string> = {}
  for (const [name, typed] of Object.entries(found.from)) from[name] = `message "${typed}"`
  return { values: found.values, from }
}

async function fromModel(message: string, slots: SlotSpec[], ctx: Ctx, actx: AnswerContext) {
  const model = ctx.effects.model
  if (!model)
    throw new ModelError(
      'model_unavailable',
      "No model provider is set up: configure one (the studio's Settings, the runtime's config) or use the offline provider.",
    )
  const req = extractRequest(message, slots, {
    locale: actx.locale,
    timeZone: actx.timeZone,
    today: dayIn(actx.now, actx.timeZone),
  })
  const answer = await model.complete(req)
  const checked = checkExtractAnswer(answer.json, slots)
  if (!checked.ok) throw new ModelError('model_invalid', checked.message)
  const values: Record<string, SavedValue> = {}
  const from: Record<string, string> = {}
  for (const s of slots) {
    const v = checked.values[s.name]
    if (v === null || v === undefined) continue
    // The model's value is read as a typed answer would be: a date it wrote as text, a phone without +, a made-up
    // order number that does not match the pattern are refused here, and the slot is asked for instead.
    const r = readSlot(String(v), s, actx)
    if (r.ok) {
      values[s.name] = r.value
      from[s.name] = `model ${answer.provider}/${answer.model}`
    } else from[s.name] = `model's "${String(v)}" refused: ${r.reason}`
  }
  return { values, from }
}

/**
 * The customer's answer to the slot asked for: read whole as the slot's type, else the one value of that type found
 * inside it ("it's AB-12345" for a pattern slot). On the last attempt a soft refusal (an email domain that only looks
 * mistyped) gives way, as a Question's does.
 */
export async function readAnswer(typed: string, slot: SlotSpec, ctx: Ctx, last: boolean): Promise<SlotResult> {
  await prepareAnswers()
  const actx = contextOf(ctx)
  const whole = readSlot(typed, slot, actx)
  if (whole.ok) return whole
  if (slot.type !== 'text') {
    const inside = findSlots(typed, [slot], actx).values[slot.name]
    if (inside !== undefined) return { ok: true, value: inside }
  }
  if (last && whole.overrule !== undefined) return { ok: true, value: whole.overrule }
  return whole
}
