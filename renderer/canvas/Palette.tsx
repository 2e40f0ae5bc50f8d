import { useState } from 'react'
import { useReactFlow } from '@xyflow/react'
import { NODE_TYPES, type NodeType } from '../../shared/flow/node-types'
import { useEditorStore } from '../editor/context'
import { definitionOf } from '../editor/model'
import { NodeIcon } from '../nodes/NodeIcon'
import { PALETTE_MIME } from './FlowCanvas'

const GAP_X = 320
const CARD = { width: 256, height: 160 }

/** The 15 node types: drag one onto the canvas, or click to add it after the selected node (or at the centre). */
export function Palette() {
  const store = useEditorStore()
  const rf = useReactFlow()
  const [query, setQuery] = useState('')
  const q = query.trim().toLowerCase()
  const types = NODE_TYPES.filter((t) => {
    const d = definitionOf(t)
    return !q || d.label.toLowerCase().includes(q) || d.description.toLowerCase().includes(q) || t.includes(q)
  })

  const add = (type: NodeType) => {
    const s = store.getState()
    const after = s.selectedNodeIds.length === 1 ? s.doc.nodes.find((n) => n.id === s.selectedNodeIds[0]) : undefined
    let at: { x: number; y: number }
    if (after) {
      const siblings = s.doc.edges.filter((e) => e.source === after.id).length
      at = { x: after.position.x + GAP_X, y: after.position.y + siblings * 160 }
    } else {
      const box = document.querySelector('.react-flow')?.getBoundingClientRect()
      const centre = box ? rf.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 }
      at = { x: centre.x - 120, y: centre.y - 40 }
    }
    at = { x: Math.round(at.x / 16) * 16, y: Math.round(at.y / 16) * 16 }
    // Step down past cards already there, so a new card never lands on top of another.
    const taken = (p: { x: number; y: number }) =>
      s.doc.nodes.some((n) => Math.abs(n.position.x - p.x) < CARD.width && Math.abs(n.position.y - p.y) < CARD.height)
    while (taken(at)) at = { x: at.x, y: at.y + CARD.height }
    s.addNode(type, at, after?.id ?? null)
  }

  return (
    <nav className="palette" aria-label="Node palette">
      <input type="search" aria-label="Search node types" placeholder="Search nodes…" value={query} onChange={(e) => setQuery(e.target.value)} />
      <ul>
        {types.map((t) => {
          const d = definitionOf(t)
          return (
            <li key={t}>
              <button
                type="button"
                className={`palette-item cat-${d.category}`}
                draggable
                title={d.description}
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
