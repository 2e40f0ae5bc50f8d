// The port a branching node takes for given variables, decided by the node's own runner, so reasoning about
// branches can never disagree with a run; its rule groups as its module declares them (NodeBranches).
import { evaluateRules, type Vars } from '../../expr'
import type { NodeRunner, RunContext } from '../../engine/runner'
import type { NodeBranches } from '../../nodes/behaviour'
import { branchesOfType, moduleOfType } from '../../nodes/behaviour-of'
import type { Route } from '../../rules/guards'

/** A node that branches on rules (its module declares `branches`), with its parsed config. */
export interface BranchConfig {
  type: string
  config: unknown
}

/** The node's branch declaration, or null when its type does not branch on rules. */
export function branchesOf(b: Pick<BranchConfig, 'type'>): NodeBranches<unknown> | null {
  return branchesOfType(b.type) ?? null
}

export function portTaken(b: BranchConfig, vars: Vars): string {
  const runner = moduleOfType(b.type)!.runner as NodeRunner<unknown>
  const ctx = { config: b.config, vars, rules: (rules, join) => evaluateRules(rules, join, vars).result } as Pick<
    RunContext<unknown>,
    'config' | 'vars' | 'rules'
  >
  const outcome = runner.run(ctx as RunContext<unknown>) as { kind: string; port?: string }
  return outcome.port ?? ''
}

/** The rule groups of a branch node, in the order the runner checks them. */
export function groupsOf(b: BranchConfig): Route[] {
  return branchesOf(b)?.routes(b.config) ?? []
}
