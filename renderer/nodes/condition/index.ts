import { unaryRights, type NodeUi } from '../types'

export const conditionUi: NodeUi = {
  icon: 'IF',
  panel: {
    hidden: (c) => unaryRights(c.rules, '/rules'),
    labels: { '/join': 'Combine rules', '/rules/*/left': 'Value', '/rules/*/right': 'Compare with' },
  },
}
