import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { ReactFlow, ReactFlowProvider, type Edge, type Node } from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import '../../../renderer/styles/base.css'
import { api } from '../../../renderer/api'

// The benchmark's floor: bare React Flow (default nodes, uncontrolled) fed by the studio's own data path: the
// same page shell (CSP, root, base styles), the same API client over the browser host's WebSocket, the same
// flows.get the editor calls. Only what is drawn differs. #<flow id>&<width>x<height> sizes the canvas like the
// studio's, so both sides paint the same area.

const [flowId = '', size = ''] = decodeURIComponent(location.hash.slice(1)).split('&')
const [width, height] = size.split('x').map(Number)

function Floor() {
  const [graph, setGraph] = useState<{ nodes: Node[]; edges: Edge[] } | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    void api.call('flows.get', { id: flowId }).then((r) => {
      if (!r.ok) return setError(r.error.message)
      const doc = r.value.document
      setGraph({
        nodes: doc.nodes.map((n) => ({ id: n.id, position: n.position, data: { label: n.name } })),
        edges: doc.edges.map((e) => ({ id: e.id, source: e.source, target: e.target })),
      })
    })
  }, [])
  if (error) return <p role="alert">{error}</p>
  if (!graph) return <p role="status">Opening the flow…</p>
  return (
    <div style={{ width: width || '100%', height: height || '100%' }}>
      <ReactFlow
        defaultNodes={graph.nodes}
        defaultEdges={graph.edges}
        fitView
        minZoom={0.1}
        fitViewOptions={{ maxZoom: 1 }}
      />
    </div>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ReactFlowProvider>
      <Floor />
    </ReactFlowProvider>
  </StrictMode>,
)
