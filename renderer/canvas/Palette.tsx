import { useState } from 'react'
import { useReactFlow } from '@xyflow/react'
import { NODE_TYPES, type NodeType } from '../../shared/nodes/node-types'
import { useEditorStore } from '../editor/context'
import { definitionOf } from '../editor/model'
import { NodeIcon } from '../nodes/NodeIcon'
import { PALETTE_MIME } from './FlowCanvas'
import { placeNewCard } from './placement'
import { useCompareStore } from '../compare/compare-store'

/** The node types: drag one onto the canvas, or click to add it after the selected node (or at the centre). */
export function Palette() {
  const store = useEditorStore()
  const rf = useReactFlow()
  const [query, setQuery] = useState('')
  // Comparing, the canvas shows a comparison, read-only: parts come back through the comparison's Restore.
  const comparing = useCompareStore((s) => s.flowId !== null)
  const q = query.trim().toLowerCase()
  const types = NODE_TYPES.filter((t) => {
    const d = definitionOf(t)
    return !q || d.label.toLowerCase().includes(q) || d.description.toLowerCase().includes(q) || t.includes(q)
  })

  const add = (type: NodeType) => {
    const s = store.getState()
    const after = s.selectedNodeIds.length === 1 ? s.doc.nodes.find((n) => n.id === s.selectedNodeIds[0]) : undefined
    const box = document.querySelector('.react-flow')?.getBoundingClientRect()
    const centre = box
      ? rf.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 })
      : { x: 0, y: 0 }
    s.addNode(type, placeNewCard(s.doc, type, after, centre), after?.id ?? null)
  }

  return (
    <nav className="palette" aria-label="Node palette">
      <input
        type="search"
        aria-label="Search node types"
        placeholder="Search nodes…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <ul>
        {types.map((t) => {
          const d = definitionOf(t)
          return (
            <li key={t}>
              <button
                type="button"
                className={`palette-item cat-${d.category}`}
                draggable
                title={comparing ? 'Close the comparison to add nodes' : d.description}
                disabled={comparing}
                aria-label={`Add ${d.label}`}
                onDragStart={(e) => {
                  e.dataTransfer.setData(PALETTE_MIME, t)
                  e.dataTransfer.effectAllowed = 'move'
                }}
                onClick={() => add(t)}
              >
                <NodeIcon type={t} />
                {d.label}
              </button>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
