import type { ELK as Elk, ElkNode } from 'elkjs/lib/elk-api'
import type { FlowDocument, Position } from '../../shared/flow/document'
import type { PortsOf } from './graph'

// Auto-layout with ELK's layered algorithm, left to right. Output ports are fixed in card order so a node's
// branches leave it top to bottom as the card lists them, which keeps buttons, routes and else readable.

export interface Size {
  width: number
  height: number
}

const FALLBACK: Size = { width: 240, height: 120 }
// ELK is over a megabyte: it loads the first time a layout is asked for, not with the editor.
let elk: Promise<Elk> | null = null
const loadElk = () => (elk ??= import('elkjs/lib/elk.bundled.js').then((m) => new m.default()))

/** New positions for `nodeIds` (all nodes when empty). Nodes outside the selection stay put; the laid-out
 *  selection keeps its top-left corner where it was. */
export async function layoutPositions(
  doc: FlowDocument,
  portsOf: PortsOf,
  sizeOf: (id: string) => Size | undefined,
  nodeIds: readonly string[] = [],
): Promise<Map<string, Position>> {
  const chosen = new Set(nodeIds.length ? nodeIds : doc.nodes.map((n) => n.id))
  const nodes = doc.nodes.filter((n) => chosen.has(n.id))
  if (nodes.length === 0) return new Map()
  const graph: ElkNode = {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.layered.spacing.nodeNodeBetweenLayers': '96',
      'elk.spacing.nodeNode': '48',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: nodes.map((n) => {
      const size = sizeOf(n.id) ?? FALLBACK
      return {
        id: n.id,
        width: size.width,
        height: size.height,
        layoutOptions: { 'elk.portConstraints': 'FIXED_ORDER' },
        ports: [
          { id: `${n.id}::in`, layoutOptions: { 'elk.port.side': 'WEST' } },
          ...portsOf(n).map((p, i) => ({ id: `${n.id}::${p.id}`, layoutOptions: { 'elk.port.side': 'EAST', 'elk.port.index': String(i) } })),
        ],
      }
    }),
    edges: doc.edges
      .filter((e) => chosen.has(e.source) && chosen.has(e.target))
      .map((e) => ({ id: e.id, sources: [`${e.source}::${e.sourcePort}`], targets: [`${e.target}::in`] })),
  }
  // An edge from a port the config no longer has would make ELK throw; such edges are dropped from the layout.
  const portIds = new Set(graph.children!.flatMap((c) => c.ports!.map((p) => p.id)))
  graph.edges = graph.edges!.filter((e) => portIds.has(e.sources[0]!) && portIds.has(e.targets[0]!))

  const out = await (await loadElk()).layout(graph)
  const minX = Math.min(...nodes.map((n) => n.position.x))
  const minY = Math.min(...nodes.map((n) => n.position.y))
  const origin = nodeIds.length ? { x: minX, y: minY } : { x: 0, y: 0 }
  // ELK pads the graph; measure from the laid-out corner so the selection starts exactly at its old corner.
  const laid = out.children ?? []
  const padX = Math.min(...laid.map((c) => c.x ?? 0))
  const padY = Math.min(...laid.map((c) => c.y ?? 0))
  const result = new Map<string, Position>()
  for (const c of laid) {
    result.set(c.id, { x: Math.round(origin.x + (c.x ?? 0) - padX), y: Math.round(origin.y + (c.y ?? 0) - padY) })
  }
  return result
}
