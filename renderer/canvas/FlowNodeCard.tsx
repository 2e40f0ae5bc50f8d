import { memo, useEffect, useRef } from 'react'
import { Handle, Position, useStore, useUpdateNodeInternals, type Node, type NodeProps } from '@xyflow/react'
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
  // Numbers, not the count object: every validation pass builds new count objects for all nodes, and selecting
  // the object would re-render every card on the canvas after each edit.
  const errors = useEditor((s) => s.problemCounts[node.id]?.error ?? 0)
  const warnings = useEditor((s) => s.problemCounts[node.id]?.warning ?? 0)
  // Zoomed far out the text is unreadable anyway; hiding it (keeping the layout, so edges stay put) spares painting
  // thousands of glyphs on every frame of a pan. The selector flips only when the zoom crosses the threshold.
  const far = useStore((s) => s.transform[2] < FAR_ZOOM)
  usePortsMeasured(node.id, ports.map((p) => p.id).join('\n'))
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
        {(errors > 0 || warnings > 0) && (
          <span
            className={`flow-card-problems ${errors ? 'error' : 'warning'}`}
            title={`${errors} error(s), ${warnings} warning(s)`}
            aria-label={`${errors} error(s), ${warnings} warning(s)`}
          >
            {errors ? `⛔ ${errors}` : `⚠ ${warnings}`}
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

/** React Flow measures a node's handles when its size changes; a port renamed in place (a button's ID edited)
 *  leaves the size alone, and the new handle could not be connected until something else re-measured the node. */
function usePortsMeasured(nodeId: string, portKey: string) {
  const update = useUpdateNodeInternals()
  const first = useRef(portKey)
  useEffect(() => {
    if (first.current === portKey) return
    first.current = portKey
    update(nodeId)
  }, [nodeId, portKey, update])
}
