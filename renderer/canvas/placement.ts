import type { FlowDocument, FlowNode, Position } from '../../shared/flow/document'
import type { NodeType } from '../../shared/nodes/node-types'
import { defaultConfig, portsOf } from '../editor/model'
import { firstFreePort } from '../editor/graph'
import { cardLayout } from './card-layout'
import { LAYER_GAP, NODE_GAP } from '../editor/layout'
import { startsFlow } from '../../shared/nodes/behaviour-of'

// Where a card added from the palette goes. After a selected card it goes to its right, its input level with the
// free port it will be connected to (the edge runs straight, left to right, as auto-layout would draw it);
// otherwise in the middle of the view. It never lands on another card: it steps down until the spot is free.

const GRID = 16
const snap = (v: number) => Math.round(v / GRID) * GRID

export function placeNewCard(
  doc: FlowDocument,
  type: NodeType,
  after: FlowNode | undefined,
  centre: Position,
): Position {
  const probe: FlowNode = { id: '_new', type, name: '_new', position: { x: 0, y: 0 }, config: defaultConfig(type) }
  const size = cardLayout(probe)
  let at: Position
  if (after) {
    const from = cardLayout(after)
    const port = startsFlow(type) ? undefined : firstFreePort(doc, after, portsOf)
    const portY = from.ports.find((s) => s.port.id === port?.id)?.y ?? from.height / 2
    at = {
      x: after.position.x + from.width + LAYER_GAP,
      y: after.position.y + portY - (size.inputY ?? size.height / 2),
    }
  } else {
    at = { x: centre.x - size.width / 2, y: centre.y - size.height / 2 }
  }
  at = { x: snap(at.x), y: snap(at.y) }
  const boxes = doc.nodes.map((n) => ({ ...n.position, ...cardLayout(n) }))
  const taken = (p: Position) =>
    boxes.some(
      (b) =>
        p.x < b.x + b.width + NODE_GAP / 2 &&
        b.x < p.x + size.width + NODE_GAP / 2 &&
        p.y < b.y + b.height + NODE_GAP / 2 &&
        b.y < p.y + size.height + NODE_GAP / 2,
    )
  while (taken(at)) at = { x: at.x, y: snap(at.y + size.height / 2 + NODE_GAP) }
  return at
}
