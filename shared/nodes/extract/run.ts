import type { NodeRunner, RunContext } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import { initialMessage, inboundText } from '../../engine/session'
import type { OutboundMessage } from '../../engine/types'
import type { SavedValue } from '../question/answers'
import type { ExtractConfig, SlotSpec } from './definition'

// Pulls every slot it can from one message (the one that started the flow, the customer's next one, or a text such
// as the message an Intent node classified), then asks
// for each required slot still missing, one message per slot, in the slots' order, and reads the answer as that
// slot's type (./read-slot.ts; when the whole answer is not one, the value is looked for inside it). A refused answer
// is explained and asked again once; a second refusal leaves by `failed` (code max_attempts). An answer fills only
// the slot asked for. With every required slot set the node leaves by `done` with { <slot>: value, missing: [...] }:
// an optional slot not given is null and named in `missing`. The parsers load with the first message read.

/** Kept across pauses: the slots found so far, where each came from, and which slot is being asked for. */
export interface Kept {
  values: Record<string, SavedValue>
  /** Per slot: 'message' text it was found in, or 'answer' / 'model'. */
  from: Record<string, string>
  /** null while waiting for the message to read (source 'next'). */
  asking: string | null
  /** Refused answers to the slot being asked for. */
  refused: number
}

/** Answers to one slot refused before the node gives up: asked, explained and asked again, then `failed`. */
export const ATTEMPTS_PER_SLOT = 2

type Ctx = RunContext<ExtractConfig>

export const extractRunner: NodeRunner<ExtractConfig> = {
  async run(ctx) {
    const { config, render } = ctx
    if (config.source === 'next') {
      const prompt = render(config.prompt)
      const kept: Kept = { values: {}, from: {}, asking: null, refused: 0 }
      return { kind: 'wait', messages: prompt.trim() ? [text(prompt)] : [], data: kept }
    }
    const message = config.source === 'text' ? render(config.text) : initialMessage(ctx.trigger)
    return next(ctx, await readMessage(ctx, message))
  },

  accepts(event) {
    return event.type === 'text' || event.type === 'button_reply' || event.type === 'list_reply'
  },

  async resume(ctx, event, cursor) {
    const kept = cursor.data as Kept
    const typed = inboundText(event)
    if (kept.asking === null) return next(ctx, await readMessage(ctx, typed))
    const slot = ctx.config.slots.find((s) => s.name === kept.asking)
    if (!slot) throw new NodeFailure('invalid_config', `Slot '${kept.asking}' is no longer in the node.`)
    const { readAnswer } = await import('./read-answer')
    const r = await readAnswer(typed, slot, ctx, kept.refused + 1 >= ATTEMPTS_PER_SLOT)
    if (r.ok)
      return next(ctx, {
        values: { ...kept.values, [slot.name]: r.value },
        from: { ...kept.from, [slot.name]: `answer "${typed.trim()}"` },
      })
    if (kept.refused + 1 >= ATTEMPTS_PER_SLOT)
      return {
        kind: 'fail',
        error: {
          code: 'max_attempts',
          message: `No valid ${slot.name} after ${ATTEMPTS_PER_SLOT} answers; the last was refused: ${r.reason}`,
        },
        output: partial(ctx.config, kept.values),
      }
    const output = partial(ctx.config, kept.values)
    const ask = render(ctx, slot, output)
    const again: Kept = { ...kept, refused: kept.refused + 1 }
    return { kind: 'wait', messages: [text(`${r.reason}\n${ask}`)], output, data: again }
  },
}

/** What the message gives: the slots found offline or by the model, with where each came from. */
async function readMessage(ctx: Ctx, message: string): Promise<Pick<Kept, 'values' | 'from'>> {
  const { readMessageSlots } = await import('./read-answer')
  return readMessageSlots(message, ctx)
}

/** Asks for the first required slot still missing, or leaves by `done` with every slot. */
function next(ctx: Ctx, got: Pick<Kept, 'values' | 'from'>) {
  const missing = ctx.config.slots.find((s) => s.required && !(s.name in got.values))
  const output = partial(ctx.config, got.values)
  // The trace says where each slot came from: the text it was found in, the answer to its ask, or the model.
  const from = Object.fromEntries(ctx.config.slots.map((s) => [s.name, got.from[s.name] ?? 'not given']))
  if (!missing) return { kind: 'next' as const, port: 'done', output, detail: { from, provider: ctx.config.provider } }
  const kept: Kept = { ...got, asking: missing.name, refused: 0 }
  return { kind: 'wait' as const, messages: [text(render(ctx, missing, output))], output, data: kept }
}

/** The node's output: every slot (null when not given) and the names of those not given. */
export function partial(config: ExtractConfig, values: Record<string, SavedValue>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const s of config.slots) out[s.name] = values[s.name] ?? null
  out.missing = config.slots.filter((s) => !(s.name in values)).map((s) => s.name)
  return out
}

/** The ask message can quote what was found already ({{extract_1.order}}). */
function render(ctx: Ctx, slot: SlotSpec, output: Record<string, unknown>): string {
  return ctx.render(slot.ask, { [ctx.node.name]: output })
}

function text(body: string): OutboundMessage {
  if (!body.trim()) throw new NodeFailure('empty_message', 'The message asking for a slot rendered empty.')
  return { type: 'text', text: { body } }
}
