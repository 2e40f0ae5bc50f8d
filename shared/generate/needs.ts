// For a branch nobody took: the values its rules read and where each comes from, in words a flow's author reads
// ("{{order_total}}: webhook data of trigger_1", "{{speed}}: form delivery"). The generator and the fuzzer say this
// for every branch they could not reach, so the author knows which value to look at and where it is decided.
import { groupsOf } from '../analysis/paths'
import { INTERACTION_VARIABLES, SYSTEM_VARIABLES } from '../analysis/variables'
import type { TriggerConfig } from '../nodes/trigger/definition'
import { operand } from '../rules/operand'
import type { FlowIndex } from './flow-index'
import { behaviourOfType, startsFlow } from '../nodes/behaviour-of'

export interface Need {
  /** The variable path a rule reads. */
  path: string
  /** Where its value comes from. */
  source: string
}

/** The values the rules deciding `port` of branch node `node` read (for an else: every route's), with their sources. */
export function needsOf(ix: FlowIndex, node: number, port: string): Need[] {
  const b = ix.branches.find((x) => x.node === node)
  if (!b) return []
  const routes = groupsOf(b.config)
  const own = routes.find((r) => r.id === port)
  // A route is decided by its own rules and those of the routes before it; False and Else by every rule.
  const upTo = own ? routes.slice(0, routes.indexOf(own) + 1) : routes
  const paths = new Set<string>()
  for (const r of upTo)
    for (const rule of r.group.rules)
      for (const p of [...operand(rule.left).paths, ...operand(rule.right ?? '').paths]) paths.add(p)
  return [...paths].map((path) => ({ path, source: sourceOf(ix, path) }))
}

/** Where a variable path's value comes from, in words. */
export function sourceOf(ix: FlowIndex, path: string): string {
  const root = path.split('.')[0]!
  const named = ix.byName(root)
  if (named !== undefined) return describeNode(ix, named)
  if (SYSTEM_VARIABLES.some((v) => v.path === root))
    return root.startsWith('customer_') || root === 'contact' ? 'the contact' : 'the start'
  if (INTERACTION_VARIABLES.some((v) => v.path === root)) return 'the last tap or list choice'
  const setters = ix.setters.get(root) ?? []
  if (setters.length) return setters.map((i) => describeNode(ix, i)).join(' or ')
  return 'nothing in the flow sets it'
}

function describeNode(ix: FlowIndex, i: number): string {
  const n = ix.graph.nodes[i]!
  if (startsFlow(n.type)) {
    const kind = (ix.graph.config(i) as TriggerConfig | undefined)?.kind
    return kind === 'webhook' || kind === 'manual' ? `${kind} data of ${n.name}` : `the start (${n.name})`
  }
  return `${behaviourOfType(n.type).valueFrom ?? 'node'} ${n.name}`
}

/** "{{a}} (answer to ask_a) and {{b}} (form f)". */
export function describeNeeds(needs: readonly Need[]): string {
  const parts = needs.map((n) => `{{${n.path}}} (${n.source})`)
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`
}
