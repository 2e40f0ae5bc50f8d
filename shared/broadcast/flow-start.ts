// What a broadcast's flow does when it starts, read from the document (no run): whether its first message is a
// template (so contacts outside their 24-hour window can be reached) and the templates it sends before it first
// waits for the customer (what each recipient costs). A flow branches: the first message must be a template on every
// path for the start to count as a template start, and the cost is that of the path that sends the most credits (the
// dry run's figure is an upper bound; each recipient's real cost is in the results).
import type { FlowDocument, FlowNode } from '../flow/document'
import type { CreditRule } from '../api/commands/manual'
import { buildGraph, pickTriggerNode } from '../engine/graph'
import { answersOfType, parsedConfig, sendsKind } from '../nodes/behaviour-of'
import { moduleOfType } from '../nodes/behaviour-of'

export type TemplateCategory = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION'

export interface FlowStart {
  /** The trigger node the broadcast starts at, or null when the flow has none (or not the one named). */
  triggerNodeId: string | null
  startsWithTemplate: boolean
  /** Templates sent before the first wait for the customer, on the path that costs most. */
  templates: Array<{ name: string; category: TemplateCategory }>
}

/** How many nodes the walk looks at before it settles for what it found (a flow with very many branches). */
const BUDGET = 20_000

export function flowStart(flow: FlowDocument, rule: CreditRule, triggerNodeId?: string): FlowStart {
  const graph = buildGraph(flow)
  const trigger = pickTriggerNode(graph, { kind: 'manual' }, triggerNodeId)
  if (!trigger) return { triggerNodeId: null, startsWithTemplate: false, templates: [] }
  const out = new Map<string, string[]>()
  for (const e of flow.edges) out.set(e.source, [...(out.get(e.source) ?? []), e.target])
  let budget = BUDGET
  const firstSends: FlowNode[] = []
  let best: FlowStart['templates'] = []
  const credits = (ts: FlowStart['templates']) => ts.reduce((n, t) => n + rule[t.category], 0)

  const walk = (id: string, onPath: Set<string>, sent: boolean, templates: FlowStart['templates']) => {
    const node = graph.node(id)
    if (!node || onPath.has(id) || --budget < 0) return finish(templates)
    let here = templates
    let firstHere = sent
    if (sendsAnything(node)) {
      if (!sent) firstSends.push(node)
      firstHere = true
      const t = templateOf(node)
      if (t) here = [...templates, t]
    }
    if (answersOfType(node.type) || (node.id !== trigger.id && (out.get(id) ?? []).length === 0)) return finish(here)
    onPath.add(id)
    for (const next of out.get(id) ?? []) walk(next, onPath, firstHere, here)
    onPath.delete(id)
  }
  const finish = (templates: FlowStart['templates']) => {
    if (credits(templates) > credits(best) || (best.length === 0 && templates.length > 0)) best = templates
  }
  walk(trigger.id, new Set(), false, [])
  return {
    triggerNodeId: trigger.id,
    startsWithTemplate: firstSends.length > 0 && firstSends.every((n) => templateOf(n) !== null),
    templates: best,
  }
}

const sendsAnything = (node: FlowNode) => (moduleOfType(node.type)?.sends.length ?? 0) > 0

function templateOf(node: FlowNode): FlowStart['templates'][number] | null {
  if (!sendsKind(node.type, 'template')) return null
  const c = parsedConfig(node) as { templateName?: string; category?: TemplateCategory } | null
  return { name: c?.templateName ?? '', category: c?.category ?? 'UTILITY' }
}
