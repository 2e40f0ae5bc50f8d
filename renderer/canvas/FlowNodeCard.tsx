import { memo } from 'react'
import { Handle, Position, useStore, type Node, type NodeProps } from '@xyflow/react'
import type { FlowNode } from '../../shared/flow/document'
import { definitionOf, portsOf, summaryOf } from '../editor/model'
import { useEditor } from '../editor/context'
import { Highlighted } from '../panels/Highlighted'
import { nodeUi } from '../nodes/registry'

const FAR_ZOOM = 0.45

export type FlowCardNode = Node<{ node: FlowNode }, 'flow'>

/** One node on the canvas: icon and colour of its category, name, summary with highlighted placeholders,
 *  its problems, and one labelled handle per output port. */
export const FlowNodeCard = memo(function FlowNodeCard({ data, selected }: NodeProps<FlowCardNode>) {
  const { node } = data
  const def = definitionOf(node.type)
  const ports = portsOf(node)
  const counts = useEditor((s) => s.problemCounts[node.id])
  // Zoomed far out the text is unreadable anyway; hiding it (keeping the layout, so edges stay put) spares painting
  // thousands of glyphs on every frame of a pan. The selector flips only when the zoom crosses the threshold.
  const far = useStore((s) => s.transform[2] < FAR_ZOOM)
  return (
    <div
      className={`flow-card cat-${def.category}${selected ? ' selected' : ''}${far ? ' far' : ''}`}
      role="group"
      aria-label={`${def.label} ${node.name}`}
      data-node-name={node.name}
    >
      {node.type !== 'trigger' && (
        <Handle type="target" position={Position.Left} className="port-in" aria-label={`Input of ${node.name}`} />
      )}
      <div className="flow-card-head">
        <span className="node-badge" aria-hidden="true">
          {nodeUi[node.type].icon}
        </span>
        <span className="flow-card-type">{def.label}</span>
        {counts && (counts.error > 0 || counts.warning > 0) && (
          <span
            className={`flow-card-problems ${counts.error ? 'error' : 'warning'}`}
            title={`${counts.error} error(s), ${counts.warning} warning(s)`}
            aria-label={`${counts.error} error(s), ${counts.warning} warning(s)`}
          >
            {counts.error ? `⛔ ${counts.error}` : `⚠ ${counts.warning}`}
          </span>
        )}
      </div>
      <div className="flow-card-name">{node.name}</div>
      <div className="flow-card-summary">
        <Highlighted text={summaryOf(node)} />
      </div>
      {ports.length > 0 && (
        <ul className="flow-card-ports">
          {ports.map((p) => (
            <li key={p.id} className={`port port-${p.kind ?? 'default'}`}>
              <span className="port-label">{p.label}</span>
              <Handle
                type="source"
                id={p.id}
                position={Position.Right}
                className="port-out"
                aria-label={`Output ${p.label} of ${node.name}`}
                title={p.label}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
})
