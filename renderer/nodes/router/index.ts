import { Signpost } from 'lucide-react'
import { unaryRights, type NodeUi } from '../types'

export const routerUi: NodeUi<'router'> = {
  type: 'router',
  icon: Signpost,
  panel: {
    hidden: (c) =>
      (Array.isArray(c.routes) ? c.routes : []).flatMap((r, i) =>
        unaryRights((r as Record<string, unknown>)?.rules, `/routes/${i}/rules`),
      ),
    labels: {
      '/routes/*/name': 'Route name',
      '/routes/*/id': 'Route ID',
      '/routes/*/join': 'Combine rules',
      '/routes/*/rules/*/left': 'Left operand',
      '/routes/*/rules/*/right': 'Right operand',
    },
    // Every route repeats its rules' fields: their names say which route and rule.
    accessibleLabels: {
      '/routes/*/name': 'Route {1} name',
      '/routes/*/rules/*/left': 'Route {1} rule {2} left operand',
      '/routes/*/rules/*/operator': 'Route {1} rule {2} operator',
      '/routes/*/rules/*/right': 'Route {1} rule {2} right operand',
    },
  },
}
