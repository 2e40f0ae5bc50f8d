import { useCallback, useRef } from 'react'
import { applyNodeChanges, useStoreApi, type Edge, type EdgeChange, type NodeChange } from '@xyflow/react'
import type { Position } from '../../shared/flow/document'
import type { EditorStore } from '../editor/store'
import type { FlowCardNode } from './FlowNodeCard'

/**
 * React Flow's changes, applied to the editor. A drag moves cards inside React Flow only, as an uncontrolled flow
 * would, and the document takes the positions once, on drop (one undo step): pushing every frame of a drag through
 * the document re-rendered the canvas and rebuilt its node list 60 times a second (docs/canvas.md, "Scale").
 * `live` keeps the positions of the drag in progress for a node list rebuilt meanwhile (a selection at drag start).
 */
export function useCanvasChanges(store: EditorStore) {
  const rf = useStoreApi<FlowCardNode, Edge>()
  const live = useRef(new Map<string, Position>()).current

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowCardNode>[]) => {
      const moving: NodeChange<FlowCardNode>[] = []
      const dropped = new Map<string, Position>()
      const sel = new Set(store.getState().selectedNodeIds)
      let selChanged = false
      for (const c of changes) {
        if (c.type === 'position') {
          if (c.dragging) {
            moving.push(c)
            if (c.position) live.set(c.id, c.position)
          } else if (c.position) dropped.set(c.id, c.position)
        } else if (c.type === 'select') {
          if (c.selected) sel.add(c.id)
          else sel.delete(c.id)
          selChanged = true
        }
      }
      if (moving.length) {
        const s = rf.getState()
        s.setNodes(applyNodeChanges(moving, s.nodes))
      }
      const editor = store.getState()
      if (selChanged) editor.select([...sel], editor.selectedEdgeIds)
      if (dropped.size) {
        editor.moveNodes(dropped, 'Move')
        live.clear()
      }
    },
    [store, rf, live],
  )

  const onEdgesChange = useCallback(
    (changes: EdgeChange<Edge>[]) => {
      const sel = new Set(store.getState().selectedEdgeIds)
      let changed = false
      for (const c of changes) {
        if (c.type !== 'select') continue
        if (c.selected) sel.add(c.id)
        else sel.delete(c.id)
        changed = true
      }
      if (changed) store.getState().select(store.getState().selectedNodeIds, [...sel])
    },
    [store],
  )

  return { onNodesChange, onEdgesChange, live }
}
