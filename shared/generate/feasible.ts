// A quick, sound "cannot" before a search: rules that read only variables already decided (neither the source's
// own values nor ones set later) have one value, and that can rule out a port at once — an earlier route that
// always holds, a rule of an AND group that never does. Without it a search for a port that the decided values
// already close tried every combination of its budget (most of the generator's time on a flow of many Questions).
import { evaluateRules, type ConditionRule, type Vars } from '../expr'
import { groupsOf, type BranchConfig } from '../analysis/paths'
import { operand } from '../rules/operand'

/** true or false when the rule reads only decided variables, else null. */
function ruleValue(rule: ConditionRule, vars: Vars, decided: (path: string) => boolean): boolean | null {
  const paths = [...operand(rule.left).paths, ...operand(rule.right ?? '').paths]
  return paths.every(decided) ? evaluateRules([rule], 'and', vars).result : null
}

function groupValue(
  g: { join: 'and' | 'or'; rules: readonly ConditionRule[] },
  vars: Vars,
  decided: (path: string) => boolean,
): boolean | null {
  const values = g.rules.map((r) => ruleValue(r, vars, decided))
  const decisive = g.join === 'and' ? false : true
  if (values.includes(decisive)) return decisive
  return values.every((v) => v !== null) ? !decisive : null
}

/** False only when the decided variables already keep the node from taking `port`. */
export function portPossible(b: BranchConfig, port: string, vars: Vars, decided: (path: string) => boolean): boolean {
  // The first route whose group holds is taken, else the node's other port (NodeBranches).
  for (const r of groupsOf(b)) {
    if (r.group.rules.length === 0) {
      // An empty group that holds (a Condition without rules) decides nothing this check can prove.
      if (r.group.emptyHolds) return true
      if (r.id === port) return false
      continue
    }
    const v = groupValue(r.group, vars, decided)
    if (r.id === port) return v !== false
    if (v === true) return false
  }
  return true
}

/** False only when the decided variables already keep rule `index` from holding alone in its group. */
export function alonePossible(
  rules: readonly ConditionRule[],
  index: number,
  vars: Vars,
  decided: (path: string) => boolean,
): boolean {
  return rules.every((r, i) => {
    const v = ruleValue(r, vars, decided)
    return v === null || v === (i === index)
  })
}
