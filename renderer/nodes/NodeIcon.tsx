import type { NodeType } from '../../shared/nodes/node-types'
import { nodeUi } from './registry'

/** A node type's icon on its category colour (the parent sets --cat through a cat-<category> class). */
export function NodeIcon({ type, size = 14 }: { type: NodeType; size?: number }) {
  const Icon = nodeUi[type].icon
  return (
    <span className="node-badge" aria-hidden="true">
      <Icon size={size} strokeWidth={2.25} />
    </span>
  )
}
