import type { ELK as Elk, ElkNode } from 'elkjs/lib/elk-api'
import type { FlowDocument, Position } from '../../shared/flow/document'
import { cardLayout } from '../canvas/card-layout'

// Auto-layout with ELK's layered algorithm, left to right, with every card's real size and every port where its
// handle is (renderer/canvas/card-layout.ts computes both, so cards never rendered lay out as exactly as those in
// view). Ports are fixed in place: ELK then lines cards up so that edges run straight from a port to the next
// card's input, and branches leave a card top to bottom in the order the card lists them.

// ELK is over a megabyte: it loads the first time a layout is asked for, not with the editor.
let elk: Promise<Elk> | null = null
const loadElk = () => (elk ??= import('elkjs/lib/elk.bundled.js').then((m) => new m.default()))

/** Gaps between columns (layers) and between cards in a column. */
export const LAYER_GAP = 96
export const NODE_GAP = 40

/** New positions for `nodeIds` (all nodes when empty). Nodes outside the selection stay put; the laid-out
 *  selection keeps its top-left corner where it was. */
export async function layoutPositions(
  doc: FlowDocument,
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
      'elk.layered.spacing.nodeNodeBetweenLayers': String(LAYER_GAP),
      'elk.spacing.nodeNode': String(NODE_GAP),
      'elk.layered.spacing.edgeNodeBetweenLayers': '24',
      'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
      'elk.layered.crossingMinimization.forceNodeModelOrder': 'false',
      'elk.separateConnectedComponents': 'true',
      'elk.spacing.componentComponent': String(NODE_GAP * 2),
    },
    children: nodes.map((n) => {
      const card = cardLayout(n)
      return {
        id: n.id,
        width: card.width,
        height: card.height,
        layoutOptions: { 'elk.portConstraints': 'FIXED_POS' },
        ports: [
          ...(card.inputY === null
            ? []
            : [
                {
                  id: `${n.id}::in`,
                  x: 0,
                  y: card.inputY,
                  width: 0,
                  height: 0,
                  layoutOptions: { 'elk.port.side': 'WEST' },
                },
              ]),
          ...card.ports.map((s) => ({
            id: `${n.id}::${s.port.id}`,
            x: card.width,
            y: s.y,
            width: 0,
            height: 0,
            layoutOptions: { 'elk.port.side': 'EAST' },
          })),
        ],
      }
    }),
    edges: doc.edges
      .filter((e) => chosen.has(e.source) && chosen.has(e.target))
      .map((e) => ({ id: e.id, sources: [`${e.source}::${e.sourcePort}`], targets: [`${e.target}::in`] })),
  }
  // An edge from a port the config no longer has (or into a trigger) would make ELK throw: left out of the layout.
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
