import { Split } from 'lucide-react'
import { unaryRights, type NodeUi } from '../types'

export const conditionUi: NodeUi<'condition'> = {
  type: 'condition',
  icon: Split,
  panel: {
    hidden: (c) => unaryRights(c.rules, '/rules'),
    labels: { '/join': 'Combine rules', '/rules/*/left': 'Left operand', '/rules/*/right': 'Right operand' },
    // Every rule has the same three fields: their names say which rule, so a screen reader and the builder's title can tell them apart.
    accessibleLabels: {
      '/rules/*/left': 'Rule {1} left operand',
      '/rules/*/operator': 'Rule {1} operator',
      '/rules/*/right': 'Rule {1} right operand',
    },
  },
}
