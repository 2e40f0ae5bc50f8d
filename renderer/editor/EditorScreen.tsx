import { useEffect, useState } from 'react'
import { ReactFlowProvider } from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import './editor.css'
import type { ApiError, FlowRecord } from '../../shared/api'
import { api } from '../api'
import { EditorWorkspace } from './EditorWorkspace'
import { loadFromAddress } from '../compare/deep-link'
import { useCompareStore } from '../compare/compare-store'

export interface EditorScreenProps {
  flowId: string
  onBack(): void
}

type Load =
  | { state: 'loading' }
  | { state: 'ready'; flow: FlowRecord; problem: string | null }
  | { state: 'failed'; error: ApiError }

// The flow editor: canvas, palette, side panel and problems. The shell routes #/flows/<id> here.
export function EditorScreen({ flowId, onBack }: EditorScreenProps) {
  const [load, setLoad] = useState<Load>({ state: 'loading' })
  useEffect(() => {
    let live = true
    // A comparison belongs to the flow as it was opened: opening a flow starts without one, unless the address asks.
    useCompareStore.getState().close()
    // An address asking for a comparison (#/flows/<id>?compare=3) loads its sides with the flow, before the canvas
    // is drawn.
    const compare = loadFromAddress(flowId, location.hash)
    void api.call('flows.get', { id: flowId }).then(async (r) => {
      const problem = r.ok ? await compare(r.value) : null
      if (!live) return
      setLoad(r.ok ? { state: 'ready', flow: r.value, problem } : { state: 'failed', error: r.error })
    })
    return () => {
      live = false
    }
  }, [flowId])

  if (load.state === 'loading')
    return (
      <p className="editor-message" role="status">
        Opening the flow…
      </p>
    )
  if (load.state === 'failed') {
    return (
      <div className="editor-message" role="alert">
        <p>The flow could not be opened: {load.error.message}</p>
        <button type="button" onClick={onBack}>
          Back to flows
        </button>
      </div>
    )
  }
  return (
    <ReactFlowProvider>
      <EditorWorkspace flow={load.flow} onBack={onBack} notice={load.problem} />
    </ReactFlowProvider>
  )
}
