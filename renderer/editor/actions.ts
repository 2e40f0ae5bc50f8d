import type { ReactFlowInstance } from '@xyflow/react'
import { copyClip, parseClip, type Clip } from './clipboard'
import { layoutPositions } from './layout'
import type { EditorStore } from './store'

// Editor commands shared by the toolbar, the keyboard and the context of the canvas.

/** The last copied clip, for the toolbar's Paste when the system clipboard cannot be read. */
let lastClip: Clip | null = null

export function copySelection(store: EditorStore): Clip | null {
  const { doc, selectedNodeIds } = store.getState()
  if (selectedNodeIds.length === 0) return null
  lastClip = copyClip(doc, selectedNodeIds)
  return lastClip
}

export function cutSelection(store: EditorStore): Clip | null {
  const clip = copySelection(store)
  if (clip)
    store.getState().deleteElements(
      clip.nodes.map((n) => n.id),
      [],
    )
  return clip
}

/** Pastes clip text (from the system clipboard) or the last copied clip; false when neither holds nodes. */
export function pasteText(store: EditorStore, text: string | null): boolean {
  const clip = (text !== null ? parseClip(text) : null) ?? (text === null ? lastClip : null)
  if (!clip) return false
  store.getState().paste(clip, null)
  return true
}

export function duplicateSelection(store: EditorStore): void {
  const { doc, selectedNodeIds } = store.getState()
  if (selectedNodeIds.length) store.getState().paste(copyClip(doc, selectedNodeIds), null)
}

export function selectAll(store: EditorStore): void {
  const { doc } = store.getState()
  store.getState().select(
    doc.nodes.map((n) => n.id),
    doc.edges.map((e) => e.id),
  )
}

/** Lays out the selection when two or more nodes are selected, else the whole flow; one undo step. */
export async function autoLayout(store: EditorStore, rf: Pick<ReactFlowInstance, 'fitView'>): Promise<void> {
  const { doc, selectedNodeIds } = store.getState()
  const ids = selectedNodeIds.length > 1 ? selectedNodeIds : []
  const positions = await layoutPositions(doc, ids)
  store.getState().moveNodes(positions, ids.length ? 'Layout selection' : 'Layout')
  if (!ids.length) requestAnimationFrame(() => void rf.fitView({ duration: 200 }))
}
