import { useCallback, useMemo, useRef, useState } from 'react'
import {
  Controls,
  ReactFlow,
  useReactFlow,
  useStore,
  type Connection,
  type Edge,
  type IsValidConnection,
  type NodeMouseHandler,
  type NodeTypes,
} from '@xyflow/react'
import type { NodeType } from '../../shared/nodes/node-types'
import { NODE_TYPES } from '../../shared/nodes/node-types'
import { useEditor, useEditorStore } from '../editor/context'
import { checkConnection } from '../editor/graph'
import { portsOf } from '../editor/model'
import { shownOverlay, useOverlayStore } from '../emulator/overlay-store'
import { useTheme } from '../shell/theme'
import { EdgeCache, NodeCache } from './adapter'
import { CanvasBackground } from './CanvasBackground'
import { breakpointMarks, decorate, NO_BREAKPOINTS, type MissingMark } from './decor'
import { calleesByNode } from './callees'
import { EdgeLayer } from './EdgeLayer'
import { FlowMiniMap } from './FlowMiniMap'
import { FlowNodeCard, type FlowCardNode } from './FlowNodeCard'
import { SelectionBar } from './SelectionBar'
import { NodeMenu, type NodeMenuAt } from './NodeMenu'
import { useCanvasChanges } from './useCanvasChanges'
import { useRefitOnResize } from './useRefitOnResize'
import { MIN_ZOOM, useStartViewport } from './useStartViewport'
import { detailed, selectZoomBand, ZoomBandContext } from './zoom'
import { useFollowRun } from './useFollowRun'
import { useComparison } from '../compare/useComparison'
import { useCompareStore } from '../compare/compare-store'
import { languagesOf, shownLanguage } from '../editor/languages'
import { cardTexts, type CardTexts } from './localize'
import { shownTraffic, useTraffic } from '../traffic/store'
import { trafficMarks } from '../traffic/marks'
import './canvas.css'

// Module scope, as React Flow's performance guide asks: a new object or function per render would re-render every
// node wrapper on every render of the canvas.
const nodeTypes: NodeTypes = { flow: FlowNodeCard }
export const PALETTE_MIME = 'application/x-chatflow-node'
const GRID = 16
const SNAP: [number, number] = [GRID, GRID]
const PRO = { hideAttribution: true }
const DELETE_KEYS = ['Delete', 'Backspace']
/** Close up, above this many nodes only cards in view are rendered. Zoomed out, where cards are bare blocks
 *  (zoom.ts), every card is rendered up to VIRTUALISE_FAR_ABOVE: mounting and unmounting the rows a pan brings in
 *  and out cost more than drawing the blocks at 1000 nodes (pan frame p95 26-55 ms rendered, 68-98 virtualised, in
 *  paired probes), while at 2000 virtualising halved the open and the drag frames at the same pan, and at 5000 it
 *  cut the open from 3.7-4.7 s to 1.3-1.8 s and the worst pan frame from 0.5-0.6 s to 0.13 s (docs/canvas.md). */
const VIRTUALISE_ABOVE = 200
const VIRTUALISE_FAR_ABOVE = 1500
/** Zoomed out on a flow above VIRTUALISE_ABOVE nodes, connections are drawn by EdgeLayer, not React Flow. */
const NO_EDGES: Edge[] = []
/** Comparing, the cards carry the comparison's marks; the draft's problem badges would read as part of it. */
const NO_PROBLEMS = {}

const allowDrop = (e: React.DragEvent) => {
  if (e.dataTransfer.types.includes(PALETTE_MIME)) e.preventDefault()
}

export function FlowCanvas() {
  const theme = useTheme()
  const store = useEditorStore()
  const docId = useEditor((s) => s.doc.id)
  const draftNodes = useEditor((s) => s.doc.nodes)
  const draftEdges = useEditor((s) => s.doc.edges)
  // Comparing two versions, the canvas shows the newer one with its removed nodes as ghosts, read-only: what is
  // brought back goes through the compare panel's Restore (renderer/compare/).
  const compare = useComparison(store)?.view ?? null
  const docNodes = compare ? compare.nodes : draftNodes
  const docEdges = compare ? compare.edges : draftEdges
  const selectedNodeIds = useEditor((s) => s.selectedNodeIds)
  const selectedEdgeIds = useEditor((s) => s.selectedEdgeIds)
  const problemCounts = useEditor((s) => s.problemCounts)
  const runOverlay = useOverlayStore((s) => shownOverlay(s, docId))
  // The Traffic overlay takes the place of the test run's: both colour the same cards and connections.
  const trafficData = useTraffic((s) => shownTraffic(s, docId))
  const traffic = useMemo(
    () =>
      trafficData && !compare
        ? trafficMarks(
            { nodes: draftNodes, edges: draftEdges },
            trafficData.report,
            trafficData.compare?.b ?? null,
            trafficData.funnel?.goal ?? null,
          )
        : null,
    [trafficData, compare, draftNodes, draftEdges],
  )
  const overlay = compare || traffic ? null : runOverlay
  const band = useStore(selectZoomBand)
  const rf = useReactFlow()
  const nodeCache = useRef(new NodeCache()).current
  const edgeCache = useRef(new EdgeCache()).current
  const { onNodesChange, onEdgesChange, live } = useCanvasChanges(store)
  useRefitOnResize()
  useFollowRun(docId)
  const host = useRef<HTMLDivElement>(null)

  const doc = useEditor((s) => s.doc)
  const catalogue = useEditor((s) => s.flows)
  const callees = useMemo(() => calleesByNode(doc, catalogue), [doc, catalogue])
  const breakpoints = useEditor((s) => s.breakpoints)
  const marks = useMemo(() => (compare ? NO_BREAKPOINTS : breakpointMarks(breakpoints)), [breakpoints, compare])
  // Another language on the Language switch: the cards draw their texts in it (localize.ts). Comparing versions
  // shows the default language, as the comparison's fields do.
  const chosen = useEditor((s) => shownLanguage(languagesOf(s.doc), s.language))
  const language = compare ? null : chosen
  const shown = useMemo(
    () => (language ? docNodes.map((n) => cardTexts(doc, n, language)) : null),
    [language, docNodes, doc],
  )
  const cardNodes = useMemo(() => (shown ? shown.map((t) => t.node) : docNodes), [shown, docNodes])
  const missing = useMemo(() => missingByNode(shown, language), [shown, language])
  const decor = useMemo(
    () => decorate(docNodes, compare ? NO_PROBLEMS : problemCounts, overlay, compare, callees, marks, missing, traffic),
    [docNodes, problemCounts, overlay, compare, callees, marks, missing, traffic],
  )
  const selectedNodes = useMemo(() => new Set(selectedNodeIds), [selectedNodeIds])
  const selectedEdges = useMemo(() => new Set(selectedEdgeIds), [selectedEdgeIds])
  const layerEdges = !detailed(band) && docNodes.length > VIRTUALISE_ABOVE
  const nodes = useMemo(
    () => nodeCache.build(cardNodes, selectedNodes, decor, live),
    [nodeCache, cardNodes, selectedNodes, decor, live],
  )
  const edges = useMemo(
    () => edgeCache.build(docEdges, selectedEdges, decor),
    [edgeCache, docEdges, selectedEdges, decor],
  )
  const start = useStartViewport(host, nodes)

  const isValidConnection: IsValidConnection = useCallback(
    (c) =>
      checkConnection(
        store.getState().doc,
        { source: c.source, sourcePort: c.sourceHandle ?? '', target: c.target },
        portsOf,
      ).ok,
    [store],
  )
  const onConnect = useCallback(
    (c: Connection) =>
      store.getState().connect({ source: c.source, sourcePort: c.sourceHandle ?? '', target: c.target }),
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
  const comparing = compare !== null
  const onNodeClick: NodeMouseHandler<FlowCardNode> = useCallback(
    (_, n) => (comparing ? useCompareStore.getState().select(n.id) : store.getState().openPanel(n.id)),
    [store, comparing],
  )
  const onPaneClick = useCallback(() => store.getState().openPanel(null), [store])
  const [menu, setMenu] = useState<NodeMenuAt | null>(null)
  const closeMenu = useCallback(() => setMenu(null), [])
  const menuAt = useCallback((nodeId: string, x: number, y: number) => {
    const box = host.current?.getBoundingClientRect()
    if (box) setMenu({ nodeId, x: x - box.left, y: y - box.top })
  }, [])
  const onNodeContextMenu: NodeMouseHandler<FlowCardNode> = useCallback(
    (e, n) => {
      if (comparing) return
      e.preventDefault()
      menuAt(n.id, e.clientX, e.clientY)
    },
    [comparing, menuAt],
  )
  // The context-menu key or Shift+F10 on a focused card opens its menu at the card.
  const onKeyDown = useCallback(
    (e: React.KeyboardEvent) => {
      if (comparing || !(e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey))) return
      const el = (e.target as Element).closest<HTMLElement>('.react-flow__node')
      const id = el?.dataset.id
      if (!el || !id) return
      e.preventDefault()
      const r = el.getBoundingClientRect()
      menuAt(id, r.left + 16, r.top + 24)
    },
    [comparing, menuAt],
  )
  const onDrop = useCallback(
    (e: React.DragEvent) => {
      const type = e.dataTransfer.getData(PALETTE_MIME) as NodeType
      if (comparing || !(NODE_TYPES as readonly string[]).includes(type)) return
      e.preventDefault()
      const p = rf.screenToFlowPosition({ x: e.clientX, y: e.clientY })
      store.getState().addNode(type, { x: Math.round(p.x / GRID) * GRID, y: Math.round(p.y / GRID) * GRID })
    },
    [rf, store, comparing],
  )

  if (!start) return <div ref={host} className="flow-canvas" />
  return (
    <div ref={host} className="flow-canvas" onKeyDown={onKeyDown}>
      {menu && <NodeMenu at={menu} onClose={closeMenu} />}
      <ZoomBandContext.Provider value={band}>
        <ReactFlow<FlowCardNode, Edge>
          className={`zoom-${band}${comparing ? ' comparing' : ''}`}
          nodes={nodes}
          edges={layerEdges ? NO_EDGES : edges}
          nodeTypes={nodeTypes}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          nodesDraggable={!comparing}
          nodesConnectable={!comparing}
          isValidConnection={isValidConnection}
          onDelete={onDelete}
          onNodeClick={onNodeClick}
          onNodeContextMenu={onNodeContextMenu}
          onPaneClick={onPaneClick}
          onDragOver={allowDrop}
          onDrop={onDrop}
          snapToGrid
          snapGrid={SNAP}
          defaultViewport={start}
          minZoom={MIN_ZOOM}
          deleteKeyCode={comparing ? null : DELETE_KEYS}
          onlyRenderVisibleElements={docNodes.length > (detailed(band) ? VIRTUALISE_ABOVE : VIRTUALISE_FAR_ABOVE)}
          proOptions={PRO}
          aria-label="Flow canvas"
        >
          <CanvasBackground gap={GRID} />
          {layerEdges && <EdgeLayer nodes={docNodes} edges={docEdges} state={decor.edges} selected={selectedEdges} />}
          <SelectionBar />
          <FlowMiniMap nodes={docNodes} edges={docEdges} decor={decor} selected={selectedNodes} theme={theme} />
          <Controls aria-label="Zoom controls" />
        </ReactFlow>
      </ZoomBandContext.Provider>
    </div>
  )
}

/** The cards' missing translations, by node id, for their decor. */
function missingByNode(shown: CardTexts[] | null, language: string | null): ReadonlyMap<string, MissingMark> {
  const out = new Map<string, MissingMark>()
  if (!shown || !language) return out
  for (const t of shown) if (t.missing.length) out.set(t.node.id, { language, fields: t.missing })
  return out
}
