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
}

/** `now` (ISO 8601) is the moment the tests happen: Questions read "tomorrow" from it. */
export function indexFlow(doc: FlowDocument, now: string, budget: Budget = UNLIMITED): FlowIndex {
  const graph = buildPortGraph(doc)
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
  const names = new Map(graph.nodes.map((n, i) => [n.name, i]))
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
    answers: contextOf(doc, DEFAULT_CONTACT.phone, now),
    now,
    budget,
  }
}
