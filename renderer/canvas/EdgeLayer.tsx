import { useEffect, useMemo, useState } from 'react'
import { useStore, useStoreApi, ViewportPortal } from '@xyflow/react'
import type { FlowEdge, FlowNode } from '../../shared/flow/document'
import { cardLayout } from './card-layout'
import type { EdgeState } from './decor'
import { areaAround, contains, EDGE_TONES, edgePaths, type EdgeTone, type PlacedNode, type Rect } from './edge-layer'

interface Props {
  nodes: readonly FlowNode[]
  edges: readonly FlowEdge[]
  state: ReadonlyMap<string, EdgeState>
  selected: ReadonlySet<string>
}

/**
 * The connections of a big flow while zoomed out, as a handful of paths inside the viewport (edge-layer.ts). React
 * Flow draws each edge as its own <svg> with its own component and store subscription; at 5,000 nodes about 560 of
 * them were in view, and a pan's main thread spent about 40 % of its time on them (docs/canvas.md, "Scale"). The
 * paths are rebuilt during a pan only when the view leaves the area drawn around it; during a drag only the
 * connections of the dragged cards are redrawn, from where React Flow has them now (the document takes the
 * positions on the drop).
 */
export function EdgeLayer({ nodes, edges, state, selected }: Props) {
  const area = useArea()
  const flowNodes = useStore((s) => s.nodes)
  const moving = useMemo(() => new Map(flowNodes.filter((n) => n.dragging).map((n) => [n.id, n.position])), [flowNodes])
  const movingKey = [...moving.keys()].join(' ')

  const placed = useMemo(() => {
    const byId = new Map<string, PlacedNode>()
    for (const n of nodes) byId.set(n.id, { id: n.id, position: n.position, handles: cardLayout(n).handles })
    return byId
  }, [nodes])
  const [still, live] = useMemo(() => {
    const ids = new Set(movingKey ? movingKey.split(' ') : [])
    const touches = (e: FlowEdge) => ids.has(e.source) || ids.has(e.target)
    return [edges.filter((e) => !touches(e)), edges.filter(touches)]
  }, [edges, movingKey])

  const stillPaths = useMemo(
    () => area && edgePaths((id) => placed.get(id), still, state, selected, area),
    [placed, still, state, selected, area],
  )
  const livePaths = useMemo(() => {
    if (!area || !live.length) return null
    const place = (id: string) => {
      const p = placed.get(id)
      const at = moving.get(id)
      return p && at ? { ...p, position: at } : p
    }
    return edgePaths(place, live, state, selected, area)
  }, [placed, live, moving, state, selected, area])
  if (!stillPaths) return null
  return (
    <ViewportPortal>
      <svg className="edge-layer" aria-hidden="true">
        <Paths paths={stillPaths} />
        {livePaths && <Paths paths={livePaths} />}
      </svg>
    </ViewportPortal>
  )
}

function Paths({ paths }: { paths: Record<EdgeTone, string> }) {
  return EDGE_TONES.map((tone) => paths[tone] && <path key={tone} className={`edge-layer-${tone}`} d={paths[tone]} />)
}

/** The flow area the layer draws: around the view, moved only once the view leaves it. */
function useArea(): Rect | null {
  const store = useStoreApi()
  const [area, setArea] = useState<Rect | null>(null)
  useEffect(() => {
    const follow = () => {
      const { transform, width, height } = store.getState()
      const [x, y, zoom] = transform
      const view = { x: -x / zoom, y: -y / zoom, width: width / zoom, height: height / zoom }
      setArea((a) => (a && contains(a, view) ? a : areaAround(view)))
    }
    follow()
    return store.subscribe(
      (s, prev) => (s.transform !== prev.transform || s.width !== prev.width || s.height !== prev.height) && follow(),
    )
  }, [store])
  return area
}
