// Test helper for the mutation check: a flow with one rule changed, for every rule of every Condition and Router.
import type { FlowDocument } from '../../flow/document'

/** Each operator and its opposite (or near opposite, for the two that have none). */
export const FLIPPED: Record<string, string> = {
  equals: 'not_equals',
  not_equals: 'equals',
  contains: 'not_contains',
  not_contains: 'contains',
  is_empty: 'is_not_empty',
  is_not_empty: 'is_empty',
  greater_than: 'less_or_equal',
  less_or_equal: 'greater_than',
  less_than: 'greater_or_equal',
  greater_or_equal: 'less_than',
  starts_with: 'ends_with',
  ends_with: 'starts_with',
}

type Group = { rules?: Array<{ operator: string }> }

/** The rule groups of a branching node: a Condition's one, a Router's one per route. */
export const groupsOf = (n: FlowDocument['nodes'][number]): Group[] =>
  n.type === 'condition'
    ? [n.config as Group]
    : n.type === 'router'
      ? ((n.config as { routes?: Group[] }).routes ?? [])
      : []

/** Every rule as a way to change it (`change` gives the new operator, or undefined to leave that rule): named copies. */
export function mutants(
  flow: FlowDocument,
  change: (op: string) => string | undefined = (op) => FLIPPED[op],
): Array<[string, FlowDocument]> {
  const out: Array<[string, FlowDocument]> = []
  flow.nodes.forEach((n, i) =>
    groupsOf(n).forEach((g, gi) =>
      (g.rules ?? []).forEach((rule, ri) => {
        const to = change(rule.operator)
        if (!to) return
        const copy = structuredClone(flow)
        groupsOf(copy.nodes[i]!)[gi]!.rules![ri]!.operator = to
        out.push([
          `${n.name} rule ${ri + 1}${n.type === 'router' ? ` of route ${gi + 1}` : ''}: ${rule.operator} → ${to}`,
          copy,
        ])
      }),
    ),
  )
  return out
}
