import { useCallback, useMemo, useRef, useState } from 'react'
import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type IsValidConnection,
  type NodeChange,
  type NodeTypes,
} from '@xyflow/react'
import type { Position as XY } from '../../shared/flow/document'
import type { NodeType } from '../../shared/flow/node-types'
import { NODE_TYPES } from '../../shared/flow/node-types'
import { useEditor, useEditorStore } from '../editor/context'
import { checkConnection } from '../editor/graph'
import { portsOf } from '../editor/model'
import { EdgeCache, NodeCache } from './adapter'
import { FlowNodeCard, type FlowCardNode } from './FlowNodeCard'

// Module scope: a new nodeTypes object per render would make React Flow remount every node.
const nodeTypes: NodeTypes = { flow: FlowNodeCard }
export const PALETTE_MIME = 'application/x-chatflow-node'
const GRID: [number, number] = [16, 16]
/** Above this many nodes only nodes in view are rendered; below it every card stays in the page. */
const VIRTUALISE_ABOVE = 200

export function FlowCanvas() {
  const store = useEditorStore()
  const doc = useEditor((s) => s.doc)
  const selectedNodeIds = useEditor((s) => s.selectedNodeIds)
  const selectedEdgeIds = useEditor((s) => s.selectedEdgeIds)
  const rf = useReactFlow()
  const nodeCache = useRef(new NodeCache()).current
  const edgeCache = useRef(new EdgeCache()).current
  const [sizeTick, setSizeTick] = useState(0)

  const nodes = useMemo(
    () => nodeCache.build(doc.nodes, new Set(selectedNodeIds)),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [doc.nodes, selectedNodeIds, sizeTick],
  )
  const edges = useMemo(() => edgeCache.build(doc.edges, new Set(selectedEdgeIds)), [doc.edges, selectedEdgeIds, edgeCache])

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowCardNode>[]) => {
      const positions = new Map<string, XY>()
      let dragEnded = false
      let sized = false
      const sel = new Set(store.getState().selectedNodeIds)
      let selChanged = false
      for (const c of changes) {
        if (c.type === 'position') {
          if (c.position) positions.set(c.id, c.position)
          if (c.dragging === false) dragEnded = true
        } else if (c.type === 'dimensions' && c.dimensions) {
          // A card mounted again as it scrolls into view is measured again at the same size: nothing to rebuild.
          const known = nodeCache.measured.get(c.id)
          if (known && known.width === c.dimensions.width && known.height === c.dimensions.height) continue
          nodeCache.measured.set(c.id, c.dimensions)
          sized = true
        } else if (c.type === 'select') {
          if (c.selected) sel.add(c.id)
          else sel.delete(c.id)
          selChanged = true
        }
      }
      const s = store.getState()
      if (positions.size) s.dragNodes(positions)
      if (dragEnded) s.endDrag()
      if (selChanged) s.select([...sel], s.selectedEdgeIds)
      if (sized) setSizeTick((t) => t + 1)
    },
    [store, nodeCache],
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

  const isValidConnection: IsValidConnection = useCallback(
    (c) =>
      checkConnection(store.getState().doc, { source: c.source, sourcePort: c.sourceHandle ?? '', target: c.target }, portsOf).ok,
    [store],
  )

  const onConnect = useCallback(
    (c: Connection) => store.getState().connect({ source: c.source, sourcePort: c.sourceHandle ?? '', target: c.target }),
    [store],
  )

  const onDelete = useCallback(
    ({ nodes: ns, edges: es }: { nodes: FlowCardNode[]; edges: Edge[] }) =>
      store.getState().deleteElements(
        ns.map((n) => n.id),
        es.map((e) => e.id),
      ),
    [store],
  )

  const onDrop = useCallback(
    (e: React.DragEvent) => {
      const type = e.dataTransfer.getData(PALETTE_MIME) as NodeType
      if (!(NODE_TYPES as readonly string[]).includes(type)) return
      e.preventDefault()
      const p = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY })
      store.getState().addNode(type, { x: Math.round(p.x / 16) * 16, y: Math.round(p.y / 16) * 16 })
    },
    [rf, store],
  )

  return (
    <ReactFlow<FlowCardNode, Edge>
      nodes={nodes}
      edges={edges}
      nodeTypes={nodeTypes}
      onNodesChange={onNodesChange}
      onEdgesChange={onEdgesChange}
      onConnect={onConnect}
      isValidConnection={isValidConnection}
      onDelete={onDelete}
      onNodeClick={(_, n) => store.getState().openPanel(n.id)}
      onPaneClick={() => store.getState().openPanel(null)}
      onDragOver={(e) => {
        if (e.dataTransfer.types.includes(PALETTE_MIME)) e.preventDefault()
      }}
      onDrop={onDrop}
      snapToGrid
      snapGrid={GRID}
      fitView
      fitViewOptions={{ maxZoom: 1 }}
      minZoom={0.1}
      deleteKeyCode={['Delete', 'Backspace']}
      onlyRenderVisibleElements={doc.nodes.length > VIRTUALISE_ABOVE}
      proOptions={{ hideAttribution: true }}
      aria-label="Flow canvas"
    >
      <Background gap={GRID} />
      <MiniMap pannable zoomable ariaLabel="Minimap" />
      <Controls aria-label="Zoom controls" />
    </ReactFlow>
  )
}
