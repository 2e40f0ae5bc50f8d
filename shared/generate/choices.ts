// What the customer can do next where a run waits, as drafts to explore: every button and list row; answers to a
// Question that take the branches after it (and one ordinary answer), and refused answers until its failure port;
// form submissions that take the branches after the form; quick replies of templates the flow sent, when they start
// the flow's button-click trigger.
import type { UserInput } from '../engine/conversation'
import type { OutboundMessage } from '../engine/types'
import type { QuestionConfig } from '../nodes/question/definition'
import type { TriggerConfig } from '../nodes/trigger/definition'
import { answerText, invalidAnswers, validAnswers } from './answers'
import { extend, waitMoves, type Draft, type Outcome } from './draft'
import type { FlowIndex } from './flow-index'
import { formSource, questionSource } from './sources-input'
import { scriptAnswers } from './script-goals'
import { targetsFor } from './targets'

interface Option {
  id: string
  title: string
}

export async function nextDrafts(
  ix: FlowIndex,
  d: Draft,
  outcome: Outcome,
  uncovered: ReadonlySet<string>,
): Promise<Draft[]> {
  const state = outcome.final
  if (!state) return []
  const out: Draft[] = []
  if (state.status === 'paused' && state.waiting) {
    const w = ix.graph.index.get(state.waiting.nodeId)
    const node = w === undefined ? undefined : ix.graph.nodes[w]
    if (w !== undefined && node) {
      if (node.type === 'interactive_message')
        out.push(...taps(d, node.name, state.waiting.data as { mode: string; options: Option[] }))
      if (node.type === 'question')
        out.push(...(await answers(ix, w, d, state.vars, state.waiting.attempts, uncovered)))
      if (node.type === 'chat_flow') {
        const src = formSource(ix, w)
        const forms = new Map<string, [Record<string, unknown>, string[]]>()
        for (const t of await targetsFor(ix, src, state.vars, uncovered)) {
          const form = src.submission(t.picks)
          const key = JSON.stringify(form)
          forms.set(key, [form, [...(forms.get(key)?.[1] ?? []), ...t.aims]])
        }
        const plain = src.submission({})
        const picked = [...forms.values()].filter(([f]) => JSON.stringify(f) !== JSON.stringify(plain))
        out.push(
          ...firstAsItComes(
            d,
            picked,
            plain,
            (form) => [{ form }],
            (form) => `${node.name} submitted ${describeForm(form)}`,
          ),
        )
      }
    }
  }
  // A node that waits for any reply (a template asking a question): a reply as it comes, when nothing above answered.
  if (!out.length && state.status === 'paused' && state.waiting && state.waiting.customer !== false)
    out.push(extend(d, ['ok'], `${waitingName(ix, state)} "ok"`))
  // Where the run waits on time (a Wait, "no reply within"), letting the time pass is a move like any answer.
  for (const move of waitMoves(state)) out.push(extend(d, [move], `${waitingName(ix, state)} time passes`))
  out.push(...quickReplies(ix, d, outcome))
  if (state.status === 'paused') out.push(...orders(d, outcome))
  return out
}

/**
 * An order from the last product message the flow sent, while the run waits: what the waiting node makes of it
 * ({{order}} is set whichever node receives it). One order per product message, every product once.
 */
function orders(d: Draft, outcome: Outcome): Draft[] {
  if (d.inputs.some((i) => typeof i === 'object' && 'order' in i)) return []
  const product = outcome.steps
    .flatMap((s) => s.messages)
    .filter(
      (m) => m.type === 'interactive' && ['product', 'product_list'].includes((m.interactive as { type: string }).type),
    )
    .at(-1)
  if (!product) return []
  const action = (
    product as unknown as {
      interactive: {
        action: {
          catalog_id: string
          product_retailer_id?: string
          sections?: Array<{ product_items: Array<{ product_retailer_id: string }> }>
        }
      }
    }
  ).interactive.action
  const ids = action.product_retailer_id
    ? [action.product_retailer_id]
    : (action.sections ?? []).flatMap((s) => s.product_items.map((p) => p.product_retailer_id))
  if (!ids.length) return []
  const product_items = ids.map((id) => ({ product_retailer_id: id, quantity: 1, item_price: 1, currency: 'EUR' }))
  return [
    extend(
      d,
      [{ order: { catalog_id: action.catalog_id, product_items } }],
      `order of ${ids.length} product${ids.length === 1 ? '' : 's'}`,
    ),
  ]
}

function waitingName(ix: FlowIndex, state: NonNullable<Outcome['final']>): string {
  const w = state.waiting ? ix.graph.index.get(state.waiting.nodeId) : undefined
  return w === undefined ? '(waiting)' : ix.graph.nodes[w]!.name
}

function taps(d: Draft, name: string, data: { mode: string; options: Option[] } | undefined): Draft[] {
  if (!data?.options) return []
  const titles = data.options.map((o) => o.title)
  return data.options.map((o) => {
    // A title two options share cannot name one of them: the id can.
    const label = titles.filter((t) => t === o.title).length > 1 ? o.id : o.title
    const input = data.mode === 'list' ? { row: label } : { button: label }
    return extend(d, [input], `${name} "${o.title}"`)
  })
}

async function answers(
  ix: FlowIndex,
  w: number,
  d: Draft,
  vars: Record<string, unknown>,
  attempts: number,
  uncovered: ReadonlySet<string>,
): Promise<Draft[]> {
  const c = ix.graph.config(w) as QuestionConfig
  const node = ix.graph.nodes[w]!
  const src = questionSource(ix, w)
  const texts = new Map<string, string[]>()
  for (const t of await targetsFor(ix, src, vars, uncovered)) {
    const text = src.textOf(t.picks.__answer)
    texts.set(text, [...(texts.get(text) ?? []), ...t.aims])
  }
  // Values a Script after it compares with, where the answer flows into its inputs (script-goals.ts).
  for (const [value, aims] of scriptAnswers(ix, w, uncovered)) {
    const a = answerText(value, c, ix.answers)
    if (a) texts.set(a.text, [...new Set([...(texts.get(a.text) ?? []), ...aims])])
  }
  const out = firstAsItComes(
    d,
    [...texts],
    validAnswers(c, ix.answers)[0],
    (t) => [t],
    (t) => `${node.name} "${t}"`,
  )
  const failure = `${node.id}\u0000failure`
  if (uncovered.has(failure)) {
    const wrong = invalidAnswers(c, ix.answers)
    const left = Math.max(1, c.maxAttempts - attempts)
    if (wrong.length)
      out.push(
        extend(
          d,
          Array.from({ length: left }, (_, i) => wrong[i % wrong.length]!),
          `${node.name} refused ${left}×`,
          [failure],
        ),
      )
  }
  return out
}

/**
 * Drafts for the values chosen at one waiting node. The first targeted value is played as the value that comes (no
 * extra cost, no aims): it reaches what follows as soon as an ordinary value would, and a boundary (18 for "≥ 18")
 * catches more changes of the flow than any value. The other targeted values cost one more and are skipped once
 * their branches are taken; the ordinary value, when a target stands in for it, costs one more too.
 */
function firstAsItComes<T>(
  d: Draft,
  targeted: Array<[T, string[]]>,
  ordinary: T | undefined,
  input: (v: T) => UserInput[],
  note: (v: T) => string,
): Draft[] {
  const same = (a: T, b: T) => JSON.stringify(a) === JSON.stringify(b)
  const [first, ...rest] = targeted
  const out: Draft[] = []
  if (first) out.push(extend(d, input(first[0]), note(first[0])))
  for (const [v, aims] of rest) out.push(extend(d, input(v), note(v), aims))
  if (ordinary !== undefined && !targeted.some(([v]) => same(v, ordinary))) {
    const plain = extend(d, input(ordinary), note(ordinary))
    out.push(first ? { ...plain, cost: plain.cost! + 1 } : plain)
  }
  return out
}

/** Template quick replies sent so far that would start the flow through its button-click trigger. */
function quickReplies(ix: FlowIndex, d: Draft, outcome: Outcome): Draft[] {
  const prefixes = ix.graph.triggers
    .map((t) => ix.graph.config(t) as TriggerConfig | undefined)
    .filter((c) => c?.kind === 'button_click')
    .map((c) => c!.payloadPrefix)
  if (prefixes.length === 0) return []
  const payloads = new Set<string>()
  for (const step of outcome.steps)
    for (const m of step.messages) for (const p of quickReplyPayloads(m)) payloads.add(p)
  const already = new Set(
    d.inputs.flatMap((i) => (typeof i === 'object' && 'template_button' in i ? [i.template_button.payload] : [])),
  )
  return [...payloads]
    .filter((p) => !already.has(p) && prefixes.some((x) => p.startsWith(x)))
    .map((payload) => extend(d, [{ template_button: { payload, text: payload } }], `quick reply "${payload}"`))
}

function quickReplyPayloads(m: OutboundMessage): string[] {
  if (m.type !== 'template') return []
  const components = ((m as { template?: { components?: Array<Record<string, unknown>> } }).template?.components ??
    []) as Array<{
    sub_type?: string
    parameters?: Array<{ payload?: string }>
  }>
  return components
    .filter((c) => c.sub_type === 'quick_reply')
    .flatMap((c) => (c.parameters ?? []).flatMap((p) => (p.payload ? [p.payload] : [])))
}

function describeForm(form: Record<string, unknown>): string {
  return Object.entries(form)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ')
}
