// Which output of a Condition or Router can never be taken, and why. A port's guard is what must hold for the run to
// leave by it: a Condition's true port needs its group to hold, false needs it to fail; a Router's route needs its
// own group to hold and every route above it to fail; else needs every route to fail. A guard is expanded into
// alternatives (each a conjunction of literals) and the port is dead when every alternative conflicts.
import type { ConditionRule } from '../expr'
import { alwaysHolds, conflict, type Domains } from './conflict'
import { describeLiteral, literalOf, negate, type Literal } from './literal'

export interface Group {
  join: 'and' | 'or'
  rules: readonly ConditionRule[]
  /** A router route without rules never holds (shared/nodes/router/run.ts); a condition's empty AND always does. */
  emptyHolds: boolean
}

export interface DeadPort {
  port: string
  reason: string
}

/** Beyond this many alternatives the guard is left alone: "may hold", never a wrong claim. */
const MAX_ALTERNATIVES = 512

/** The alternatives of "the group holds" (holds=true) or "the group fails", each a conjunction; null when too many. */
function alternatives(g: Group, holds: boolean): Literal[][] {
  const lits = g.rules.map(literalOf)
  if (lits.length === 0) return g.emptyHolds === holds ? [[]] : []
  const and = g.join === 'and'
  if (holds) return and ? [lits] : lits.map((l) => [l])
  return and ? lits.map((l) => [negate(l)]) : [lits.map(negate)]
}

/** Every alternative of the conjunction of the parts conflicts: a reason per alternative; null if one may hold. */
export function guardConflicts(parts: Array<{ group: Group; holds: boolean }>, domains?: Domains): string[] | null {
  let product: Literal[][] = [[]]
  for (const p of parts) {
    const alts = alternatives(p.group, p.holds)
    const next: Literal[][] = []
    for (const a of product) for (const b of alts) next.push([...a, ...b])
    if (next.length > MAX_ALTERNATIVES) return null
    product = next
  }
  const reasons: string[] = []
  for (const conj of product) {
    const why = conflict(conj, domains)
    if (!why) return null
    reasons.push(why)
  }
  return reasons
}

/** The group holds whatever the variables are. */
export function groupAlwaysHolds(g: Group, domains?: Domains): boolean {
  return guardConflicts([{ group: g, holds: false }], domains) !== null
}

export function describeGroup(g: Group): string {
  const lits = g.rules.map(literalOf).map(describeLiteral)
  return lits.join(g.join === 'and' ? ' and ' : ' or ') || '(no rules)'
}

export function conditionDeadPorts(g: Group, domains?: Domains): DeadPort[] {
  const out: DeadPort[] = []
  const never = guardConflicts([{ group: g, holds: true }], domains)
  if (never) out.push({ port: 'true', reason: `its rules can never hold: ${summarise(never)}` })
  const always = guardConflicts([{ group: g, holds: false }], domains)
  if (always) out.push({ port: 'false', reason: `its rules always hold (${describeGroup(g)})` })
  return out
}

export interface Route {
  id: string
  name: string
  group: Group
}

export function routerDeadPorts(routes: readonly Route[], domains?: Domains): DeadPort[] {
  const out: DeadPort[] = []
  routes.forEach((r, j) => {
    if (r.group.rules.length === 0) {
      out.push({ port: r.id, reason: `route '${r.name}' has no rules, and a route without rules never matches` })
      return
    }
    const own = guardConflicts([{ group: r.group, holds: true }], domains)
    if (own) return out.push({ port: r.id, reason: `the rules of route '${r.name}' can never hold: ${summarise(own)}` })
    const above = routes.slice(0, j)
    const always = above.find((a) => a.group.rules.length && groupAlwaysHolds(a.group, domains))
    if (always)
      return out.push({
        port: r.id,
        reason: `route '${always.name}' above it always holds (${describeGroup(always.group)})`,
      })
    const shadow = above.find((a) =>
      guardConflicts(
        [
          { group: r.group, holds: true },
          { group: a.group, holds: false },
        ],
        domains,
      ),
    )
    if (shadow) {
      return out.push({
        port: r.id,
        reason: `route '${shadow.name}' above it takes every run it would: whenever ${describeGroup(r.group)}, also ${describeGroup(shadow.group)}`,
      })
    }
    const parts = [{ group: r.group, holds: true }, ...above.map((a) => ({ group: a.group, holds: false }))]
    if (guardConflicts(parts, domains))
      out.push({
        port: r.id,
        reason: `the routes above it take every run it would (${above.map((a) => `'${a.name}'`).join(', ')})`,
      })
  })
  const always = routes.find((r) => r.group.rules.length && groupAlwaysHolds(r.group, domains))
  if (always) out.push({ port: 'else', reason: `route '${always.name}' always holds (${describeGroup(always.group)})` })
  else if (
    guardConflicts(
      routes.map((r) => ({ group: r.group, holds: false })),
      domains,
    )
  ) {
    out.push({ port: 'else', reason: `the routes cover every case (${routes.map((r) => `'${r.name}'`).join(', ')})` })
  }
  return out
}

function summarise(reasons: string[]): string {
  const unique = [...new Set(reasons)]
  return unique.length <= 2 ? unique.join('; ') : `${unique.slice(0, 2).join('; ')}; …`
}

export { alwaysHolds }
