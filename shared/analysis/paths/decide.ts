// The port a Condition or Router takes for given variables, decided by the node's own runner, so reasoning about
// branches can never disagree with a run.
import { evaluateRules, type Vars } from '../../expr'
import type { NodeRunner, RunContext } from '../../engine/runner'
import { conditionRunner } from '../../nodes/condition/run'
import { routerRunner } from '../../nodes/router/run'
import type { ConditionConfig } from '../../nodes/condition/definition'
import type { RouterConfig } from '../../nodes/router/definition'
import type { Group, Route } from '../../rules/guards'

export type BranchConfig = { type: 'condition'; config: ConditionConfig } | { type: 'router'; config: RouterConfig }

export function portTaken(b: BranchConfig, vars: Vars): string {
  const runner = (b.type === 'condition' ? conditionRunner : routerRunner) as NodeRunner<unknown>
  const ctx = { config: b.config, vars, rules: (rules, join) => evaluateRules(rules, join, vars).result } as Pick<
    RunContext<unknown>,
    'config' | 'vars' | 'rules'
  >
  const outcome = runner.run(ctx as RunContext<unknown>) as { kind: string; port?: string }
  return outcome.port ?? ''
}

/** The rule groups of a branch node, in the order the runner checks them. */
export function groupsOf(b: BranchConfig): Route[] {
  if (b.type === 'condition')
    return [{ id: 'true', name: 'True', group: { join: b.config.join, rules: b.config.rules, emptyHolds: true } }]
  return b.config.routes.map((r) => ({
    id: r.id,
    name: r.name || r.id,
    group: { join: r.join, rules: r.rules, emptyHolds: false } satisfies Group,
  }))
}
