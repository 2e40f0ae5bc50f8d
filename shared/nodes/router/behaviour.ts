// What a Router's ports decide (shared/nodes/behaviour.ts): the first route whose rules hold, else Else; a route
// without rules never matches.
import { routerDeadPorts } from '../../rules/guards'
import type { NodeBranches } from '../behaviour'
import type { RouterConfig } from './definition'

export const routerBranches: NodeBranches<RouterConfig> = {
  routes: (c) =>
    c.routes.map((r) => ({
      id: r.id,
      name: r.name || r.id,
      group: { join: r.join, rules: r.rules, emptyHolds: false },
    })),
  deadPorts: (routes) => routerDeadPorts(routes),
  withRules: (c, index, rules) => ({ ...c, routes: c.routes.map((r, i) => (i === index ? { ...r, rules } : r)) }),
  decision: (port) => ({ route: port }),
  field(c, port) {
    const i = c.routes.findIndex((r) => r.id === port)
    return i >= 0 ? `/routes/${i}` : undefined
  },
}
