import { ReactFlow, ReactFlowProvider, Background, Controls, MiniMap } from '@xyflow/react'
import '@xyflow/react/dist/style.css'

export interface EditorScreenProps {
  flowId: string
  onBack(): void
}

// The flow editor: canvas, palette, side panel and problems. The shell routes #/flows/<id> here.
export function EditorScreen({ flowId, onBack }: EditorScreenProps) {
  return (
    <div className="editor" data-flow-id={flowId} style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <header className="editor-toolbar">
        <button type="button" onClick={onBack} aria-label="Back to flows">
          ← Flows
        </button>
      </header>
      <div style={{ flex: 1, minHeight: 0 }}>
        <ReactFlowProvider>
          <ReactFlow nodes={[]} edges={[]} fitView snapToGrid snapGrid={[16, 16]}>
            <Background />
            <MiniMap pannable zoomable />
            <Controls />
          </ReactFlow>
        </ReactFlowProvider>
      </div>
    </div>
  )
}
