// Which flow an inbound message starts, if any. Only active flows start from a customer's message. Priority, when
// several trigger nodes match (docs/engine.md, "Trigger priority"): an ad click beats a button click beats a
// keyword; among keywords exact beats starts_with beats contains, then the longer keyword; among button clicks the
// longer prefix; the last tie-break is the flow name, then the flow id, so the choice never depends on load order.
import type { FlowDocument, FlowNode } from '../flow/document'
import type { TriggerConfig } from '../nodes/trigger/definition'
import { TriggerConfigSchema } from '../nodes/trigger/definition'
import type { InboundEvent, TriggerInput } from './types'
import { startsFlow } from '../nodes/behaviour-of'

export interface TriggerMatch {
  flow: FlowDocument
  triggerNodeId: string
  trigger: TriggerInput
}

interface Candidate extends TriggerMatch {
  /** Higher wins; compared element by element. */
  rank: number[]
}

const MODE_RANK: Record<TriggerConfig['matchMode'], number> = { exact: 3, starts_with: 2, contains: 1 }

/**
 * Which triggers need an active flow: `every` (production: an inactive flow starts from nothing), `keyword` (a flow
 * under test in the emulator or a conversation test: only keyword starts depend on the active state, docs/engine.md, Triggers), `none`
 * (a tester's start at a chosen node).
 */
export type Activation = 'every' | 'keyword' | 'none'

export function matchTrigger(
  flows: readonly FlowDocument[],
  event: InboundEvent,
  activation: Activation = 'every',
): TriggerMatch | null {
  const candidates: Candidate[] = []
  for (const flow of flows) {
    if (!flow.active && activation === 'every') continue
    for (const node of flow.nodes) {
      const c = startsFlow(node.type) ? candidate(flow, node, event) : null
      if (c && (flow.active || activation === 'none' || c.trigger.kind !== 'keyword')) candidates.push(c)
    }
  }
  candidates.sort(compare)
  const best = candidates[0]
  return best ? { flow: best.flow, triggerNodeId: best.triggerNodeId, trigger: best.trigger } : null
}

function candidate(flow: FlowDocument, node: FlowNode, event: InboundEvent): Candidate | null {
  const parsed = TriggerConfigSchema.safeParse(node.config)
  if (!parsed.success) return null
  const config = parsed.data
  const base = { flow, triggerNodeId: node.id }
  if (config.kind === 'ad_click' && event.referral) {
    return { ...base, rank: [3, 0, 0], trigger: { kind: 'ad_click', ad: event.referral, message: event } }
  }
  if (config.kind === 'button_click') {
    const tap = buttonOf(event)
    if (tap && tap.payload.startsWith(config.payloadPrefix)) {
      return {
        ...base,
        rank: [2, config.payloadPrefix.length, 0],
        trigger: { kind: 'button_click', ...tap, message: event },
      }
    }
  }
  if (config.kind === 'keyword' && event.type === 'text') {
    const hit = bestKeyword(config, event.text)
    if (hit !== null) {
      return {
        ...base,
        rank: [1, MODE_RANK[config.matchMode], hit.length],
        trigger: { kind: 'keyword', keyword: hit, message: event },
      }
    }
  }
  return null
}

/** Both tap shapes carry a payload: a reply button's id and a template quick reply's payload (docs/runtime.md, Inbound messages). */
function buttonOf(event: InboundEvent): { payload: string; text: string } | null {
  if (event.type === 'button_reply') return { payload: event.reply.id, text: event.reply.title }
  if (event.type === 'template_button') return { payload: event.button.payload, text: event.button.text }
  return null
}

/** The longest keyword of the node that matches the message, as written in the config. */
export function bestKeyword(config: Pick<TriggerConfig, 'keywords' | 'matchMode'>, message: string): string | null {
  const text = normalise(message)
  let best: string | null = null
  for (const keyword of config.keywords) {
    const k = normalise(keyword)
    if (!k || !keywordMatches(text, k, config.matchMode)) continue
    if (best === null || k.length > normalise(best).length) best = keyword.trim()
  }
  return best
}

function normalise(s: string): string {
  return s.trim().replace(/\s+/g, ' ').toLowerCase()
}

const WORD_CHAR = /[\p{L}\p{N}_]/u

/** Keywords match whole words: 'hi' matches "hi there" but not "this". */
export function keywordMatches(text: string, keyword: string, mode: TriggerConfig['matchMode']): boolean {
  if (mode === 'exact') return text === keyword
  if (mode === 'starts_with') return text.startsWith(keyword) && boundary(text, keyword.length)
  for (let i = text.indexOf(keyword); i !== -1; i = text.indexOf(keyword, i + 1)) {
    if (boundary(text, i) && boundary(text, i + keyword.length)) return true
  }
  return false
}

/** True when position i of text is not inside a word (between a word character and another). */
function boundary(text: string, i: number): boolean {
  const before = text[i - 1]
  const after = text[i]
  return !(before !== undefined && after !== undefined && WORD_CHAR.test(before) && WORD_CHAR.test(after))
}

function compare(a: Candidate, b: Candidate): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (b.rank[i] ?? 0) - (a.rank[i] ?? 0)
    if (d) return d
  }
  return a.flow.name.localeCompare(b.flow.name) || (a.flow.id < b.flow.id ? -1 : a.flow.id > b.flow.id ? 1 : 0)
}

export interface KeywordOverlap {
  /** The message that starts both (one of the two keywords, as written). */
  message: string
  /** The flow that wins by the priority rules, then the one that loses. */
  winner: { flowId: string; flowName: string; keyword: string }
  loser: { flowId: string; flowName: string; keyword: string }
}

/**
 * Keywords of different active flows that one message can match (the same word, or one keyword's text matching
 * another's mode: 'order' contains vs 'order status' exact), each with the flow the priority rules pick; for the
 * warning in validation and the flows list.
 */
export function keywordOverlaps(flows: readonly FlowDocument[]): KeywordOverlap[] {
  const entries: Array<{ flow: FlowDocument; keyword: string; mode: TriggerConfig['matchMode'] }> = []
  for (const flow of flows) {
    if (!flow.active) continue
    for (const node of flow.nodes) {
      if (!startsFlow(node.type)) continue
      const parsed = TriggerConfigSchema.safeParse(node.config)
      if (!parsed.success || parsed.data.kind !== 'keyword') continue
      for (const keyword of parsed.data.keywords)
        if (normalise(keyword)) entries.push({ flow, keyword, mode: parsed.data.matchMode })
    }
  }
  const out: KeywordOverlap[] = []
  const seen = new Set<string>()
  for (const a of entries) {
    for (const b of entries) {
      if (a.flow.id === b.flow.id || !keywordMatches(normalise(b.keyword), normalise(a.keyword), a.mode)) continue
      // b's keyword sent as a message starts a's flow, and b's own (a keyword always matches itself).
      const key = [a.flow.id, b.flow.id].sort().join('\u0000') + '\u0000' + normalise(b.keyword)
      if (seen.has(key)) continue
      seen.add(key)
      const match = matchTrigger([a.flow, b.flow], { type: 'text', text: b.keyword })
      if (!match) continue
      const [win, lose] = match.flow.id === a.flow.id ? [a, b] : [b, a]
      out.push({
        message: b.keyword.trim(),
        winner: { flowId: win.flow.id, flowName: win.flow.name, keyword: win.keyword.trim() },
        loser: { flowId: lose.flow.id, flowName: lose.flow.name, keyword: lose.keyword.trim() },
      })
    }
  }
  return out
}
