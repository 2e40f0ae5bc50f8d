// What the generator needs to know about a flow before it plays anything: its port graph, its branching nodes with
// their rules and the variables those rules read, which node sets which variable, and what each node can reach.
import type { FlowDocument } from '../flow/document'
import { branchesOf, buildPortGraph, groupsOf, walkFrom, type BranchConfig, type PortGraph } from '../analysis/paths'
import { allFlowVariables, GLOBAL_ROOTS } from '../analysis/variables'
import { operand } from '../rules/operand'
import type { RuleGroup } from '../rules/synthesis'
import type { AnswerContext } from '../nodes/question/answers'
import { contextOf } from './answers'
import { UNLIMITED, type Budget } from './budget'
import { DEFAULT_CONTACT } from './contact'
import type { CallScope } from './through-calls'

export interface Branch {
  node: number
  config: BranchConfig
  groups: RuleGroup[]
  /** Variable paths read by any of its rules. */
  paths: string[]
}

export interface FlowIndex {
  doc: FlowDocument
  graph: PortGraph
  branches: Branch[]
  /** Top-level variable → the nodes that set it (a Question's Save to, a mapping, a webhook data field…). */
  setters: ReadonlyMap<string, number[]>
  /** Nodes reachable from `node` by at least one edge. */
  after(node: number): Uint8Array
  /** Whether `node` sets the variable path (its own output, or a top-level variable it saves). */
  sets(node: number, path: string): boolean
  byName(name: string): number | undefined
  /** How the flow's Questions read answers in generated tests (its locale, time zone and country, the tests' moment). */
  answers: AnswerContext
  /** The tests' moment (their `now`). */
  now: string
  /** The run's time budget: every phase handed the index asks it between units of work (budget.ts). */
  budget: Budget
  /** The flows it calls, when it calls any: `doc` is then their composite (through-calls.ts). */
  scope: CallScope | null
  /**
   * The contact's stored language every test sets (`contact.language`), when the suite is written for one language
   * of a flow in several (GenerateOptions.language); null: the tests set none.
   */
  language: string | null
}

/**
 * `now` (ISO 8601) is the moment the tests happen: Questions read "tomorrow" from it. With a `scope` the index is of
 * the flow and its callees together (its composite document), walked into each call and back out.
 */
export function indexFlow(
  flow: FlowDocument,
  now: string,
  budget: Budget = UNLIMITED,
  scope: CallScope | null = null,
  language: string | null = null,
): FlowIndex {
  const doc = scope?.composite ?? flow
  const graph = scope ? throughCalls(buildPortGraph(doc), scope) : buildPortGraph(doc)
  const branches: Branch[] = []
  graph.nodes.forEach((n, i) => {
    if (!branchesOf(n) || !graph.config(i)) return
    const config: BranchConfig = { type: n.type, config: graph.config(i) }
    const groups = groupsOf(config).map((r) => ({ join: r.group.join, rules: r.group.rules }))
    const paths = [
      ...new Set(
        groups.flatMap((g) => g.rules.flatMap((r) => [...operand(r.left).paths, ...operand(r.right ?? '').paths])),
      ),
    ]
    branches.push({ node: i, config, groups, paths })
  })
  // The flow's own names first: a callee's node may have the same name (trigger_1), and mocks and starts name the flow's.
  const names = new Map<string, number>()
  graph.nodes.forEach((n, i) => names.has(n.name) || names.set(n.name, i))
  const setters = new Map<string, number[]>()
  for (const v of allFlowVariables(doc)) {
    if (!v.nodeId || v.nodeName === v.path.split('.')[0] || v.path.includes('.') || GLOBAL_ROOTS.has(v.path)) continue
    const i = graph.index.get(v.nodeId)!
    const list = setters.get(v.path) ?? []
    if (!list.includes(i)) list.push(i)
    setters.set(v.path, list)
  }
  const afterCache = new Map<number, Uint8Array>()
  return {
    doc,
    graph,
    branches,
    setters,
    after(node) {
      let seen = afterCache.get(node)
      if (!seen) {
        // A walk from the node's successors: the node itself counts only when it sits on a loop.
        seen = walkFrom({ ...graph, triggers: graph.out[node]!.map((e) => e.to) }).seen
        afterCache.set(node, seen)
      }
      return seen
    },
    sets(node, path) {
      const root = path.split('.')[0]!
      if (graph.nodes[node]!.name === root) return true
      return setters.get(root)?.includes(node) ?? false
    },
    byName: (name) => names.get(name),
    answers: contextOf(flow, DEFAULT_CONTACT.phone, now, language),
    language,
    now,
    budget,
    scope,
  }
}

/** The composite's port graph, started from the flow's own trigger only, with each call's links into and out of its callee. */
function throughCalls(g: PortGraph, scope: CallScope): PortGraph {
  const own = scope.root.nodes.length
  const out = g.out.map((o) => [...o])
  const into = g.into.map((o) => [...o])
  for (const l of scope.links) {
    const from = g.index.get(l.from)
    const to = g.index.get(l.to)
    if (from === undefined || to === undefined) continue
    out[from]!.push({ port: CALL_LINK, to })
    into[to]!.push({ from, port: CALL_LINK })
  }
  return { ...g, out, into, triggers: g.triggers.filter((t) => t < own) }
}

/** The port of a link no edge draws (into a callee, back from its End): no node has it, so no branch counts it. */
export const CALL_LINK = '\u0001call'
