// What the customer can do next where a run waits, as drafts to explore, from what the waiting node's module declares
// (shared/nodes/behaviour.ts): every button and list row; answers and form submissions that take the branches after
// it (and one ordinary answer), and refused answers until its failure port; quick replies of templates the flow
// sent, when they start the flow's button-click trigger; an order from a product message.
import type { UserInput } from '../engine/conversation'
import type { OutboundMessage } from '../engine/types'
import type { AnswerSource, CustomerInput, CustomerSample } from '../nodes/behaviour'
import { bound } from '../nodes/behaviour-of'
import type { TriggerConfig } from '../nodes/trigger/definition'
import { extend, waitMoves, type Draft, type Outcome } from './draft'
import { handBackDrafts } from './hand-back'
import type { FlowIndex } from './flow-index'
import { scriptAnswers } from './script-goals'
import { targetsFor } from './targets'

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
    if (w !== undefined) out.push(...(await answerDrafts(ix, w, d, state, uncovered)))
  }
  // A node that waits for any reply (a template asking a question): a reply as it comes, when nothing above answered.
  if (!out.length && state.status === 'paused' && state.waiting && state.waiting.customer !== false)
    out.push(extend(d, ['ok'], `${waitingName(ix, state)} "ok"`))
  // Where a person has the conversation (a Hand over), the person handing it back is the move that goes on, with
  // values for the variables they set aimed at the branches after it (hand-back.ts).
  const at = state.status === 'paused' && state.waiting ? ix.graph.index.get(state.waiting.nodeId) : undefined
  const person = at === undefined ? null : bound(ix.graph.nodes[at]!, (b) => b.person)
  if (person && at !== undefined)
    out.push(...(await handBackDrafts(ix, at, d, state.vars, person.decl.handsBack?.(person.config) ?? [], uncovered)))
  // Where the run waits on time (a Wait, "no reply within"), letting the time pass is a move like any answer.
  for (const move of waitMoves(state)) out.push(extend(d, [move], `${waitingName(ix, state)} time passes`))
  out.push(...quickReplies(ix, d, outcome))
  if (state.status === 'paused') out.push(...orders(d, outcome))
  return out
}

/**
 * What the customer can send at the waiting node, as its module declares it (NodeAnswers): every choice of a node
 * whose samples are its own options; else values aimed at the branches after it (and the Scripts its answer
 * feeds), its ordinary sample, and refused inputs until the port it takes after too many.
 */
async function answerDrafts(
  ix: FlowIndex,
  w: number,
  d: Draft,
  state: NonNullable<Outcome['final']>,
  uncovered: ReadonlySet<string>,
): Promise<Draft[]> {
  const node = ix.graph.nodes[w]!
  const declared = bound(node, (b) => b.answers)
  if (!declared) return []
  const { decl, config } = declared
  const samples = decl.samples(config, ix.answers, state.waiting!.data)
  if (decl.choices) return samples.map((s) => extend(d, [s.input], `${node.name} ${s.label}`))
  const src = decl.source?.(config, node.name, ix.answers)
  const out = src ? await aimedDrafts(ix, w, d, state.vars, samples, src, uncovered) : sampleDrafts(d, node, samples)
  const refused = decl.refused
  const giveUp = refused && `${node.id}\u0000${refused.port}`
  const wrong = giveUp && uncovered.has(giveUp) ? refused.samples(config, ix.answers) : []
  if (giveUp && wrong.length) {
    const left = Math.max(
      1,
      refused.left?.(config, state.waiting!.data) ?? refused.attempts(config) - state.waiting!.attempts,
    )
    out.push(
      extend(
        d,
        Array.from({ length: left }, (_, i) => wrong[i % wrong.length]!.input),
        `${node.name} refused ${left}×`,
        [giveUp],
      ),
    )
  }
  return out
}

/**
 * A node that says only what can be sent (no source to aim with): the first sample as it comes, each other one aimed
 * at the port it leads to (skipped once that port is taken), or played as it comes when its port is not known.
 */
function sampleDrafts(d: Draft, node: { id: string; name: string }, samples: CustomerSample[]): Draft[] {
  return samples.map((s, k) =>
    k === 0 || !s.port
      ? extend(d, [s.input], `${node.name} ${s.label}`)
      : extend(d, [s.input], `${node.name} ${s.label}`, [`${node.id}\u0000${s.port}`]),
  )
}

/** Values aimed at the branches after the node (and the Scripts its answer feeds), then its ordinary sample. */
async function aimedDrafts(
  ix: FlowIndex,
  w: number,
  d: Draft,
  vars: Record<string, unknown>,
  samples: CustomerSample[],
  src: AnswerSource,
  uncovered: ReadonlySet<string>,
): Promise<Draft[]> {
  const node = ix.graph.nodes[w]!
  const aimed = new Map<string, [CustomerInput, string[]]>()
  const add = (input: CustomerInput, aims: string[]) => {
    const key = JSON.stringify(input)
    aimed.set(key, [input, [...new Set([...(aimed.get(key)?.[1] ?? []), ...aims])]])
  }
  for (const t of await targetsFor(ix, { node: w, owns: src.owns, pools: src.pools }, vars, uncovered))
    add(src.input(t.picks), t.aims)
  // Values a Script after it compares with, where the answer flows into its inputs (script-goals.ts).
  if (src.inputFor && src.feeds)
    for (const [value, aims] of scriptAnswers(
      ix,
      w,
      src.feeds,
      samples.map((s) => s.input),
      uncovered,
    )) {
      const input = src.inputFor(value)
      if (input !== null) add(input, aims)
    }
  const label = (input: CustomerInput) => `${node.name} ${src.label(input)}`
  return firstAsItComes(d, [...aimed.values()], samples[0]?.input, (i) => [i], label)
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
