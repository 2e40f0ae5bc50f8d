import { useEffect } from 'react'
import { useReactFlow, useStoreApi } from '@xyflow/react'
import { useEditorStore } from '../editor/context'
import { useOverlayStore } from '../emulator/overlay-store'
import { followNode } from './reveal'

/**
 * While the emulator (or a logged run) is shown on this flow's canvas, the canvas follows the run: each time the
 * current step changes, its card is brought into view at a readable zoom (reveal.ts, followNode), and the path
 * stays drawn around it. Fitting the whole flow into the canvas left beside the emulator made the cards' text 3 to
 * 4 px on a laptop screen (issue 41); the whole flow is still one click away (Fit View, the minimap).
 */
export function useFollowRun(flowId: string): void {
  const rf = useReactFlow()
  const canvas = useStoreApi()
  const editor = useEditorStore()
  useEffect(
    () =>
      useOverlayStore.subscribe((s, prev) => {
        const shown = s.visible && s.flowId === flowId
        if (!shown || !s.currentNodeId) return
        const again = prev.visible && prev.flowId === flowId && prev.currentNodeId === s.currentNodeId
        if (again) return
        const node = editor.getState().doc.nodes.find((n) => n.id === s.currentNodeId)
        const { width, height } = canvas.getState()
        if (node && width && height) followNode(rf, node, { width, height })
      }),
    [rf, canvas, editor, flowId],
  )
}
