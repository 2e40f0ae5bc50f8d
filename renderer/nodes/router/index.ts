import { unaryRights, type NodeUi } from '../types'

export const routerUi: NodeUi = {
  icon: 'RT',
  panel: {
    hidden: (c) => (Array.isArray(c.routes) ? c.routes : []).flatMap((r, i) => unaryRights((r as Record<string, unknown>)?.rules, `/routes/${i}/rules`)),
    labels: {
      '/routes/*/name': 'Route name',
      '/routes/*/id': 'Route ID',
      '/routes/*/join': 'Combine rules',
      '/routes/*/rules/*/left': 'Value',
      '/routes/*/rules/*/right': 'Compare with',
    },
  },
}
