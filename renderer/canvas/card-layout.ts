import { Position, type NodeHandle } from '@xyflow/react'
import type { FlowNode } from '../../shared/flow/document'
import type { Port } from '../../shared/nodes/types'
import { portsOf, summaryOf } from '../editor/model'
import { startsFlow } from '../../shared/nodes/behaviour-of'

// A card's geometry, computed, never measured: its size and where each handle sits follow from its ports and
// whether it has a summary. The card draws itself at exactly this size (inline width, height and handle offsets),
// React Flow gets the same numbers with the node (`measured`, `handles`) and has nothing to measure before it can
// fit the view and draw edges, the auto-layout gives ELK the real sizes and port positions of cards never rendered
// (a 5000-node flow renders only what is in view), and zoomed out a card can drop its contents and keep its shape.
// The CSS of renderer/canvas/canvas.css paints inside these boxes; card-layout.test.ts and the e2e layout test
// hold the two together.

export const CARD_WIDTH = 240
export const BORDER_TOP = 3
export const BORDER = 1
export const HEAD = 30
export const NAME = 20
/** Two lines of summary, clamped. */
export const SUMMARY = 32
export const BODY_BOTTOM = 8
export const PORTS_PAD = 4
export const PORT_ROW = 22
export const HANDLE = 12
/** How far a handle's centre sits outside the card's border box. */
const HANDLE_OUT = 1

export interface PortSlot {
  port: Port
  /** Centre of the handle, from the card's top edge. */
  y: number
}

export interface CardLayout {
  width: number
  height: number
  summary: string
  ports: PortSlot[]
  /** Centre of the input handle from the top, or null for a trigger (nothing connects into it). */
  inputY: number | null
  /** The same as React Flow's measured handle bounds: border-box coordinates of each handle's box. */
  handles: NodeHandle[]
}

const layouts = new WeakMap<FlowNode, CardLayout>()

export function cardLayout(node: FlowNode): CardLayout {
  const known = layouts.get(node)
  if (known) return known
  const summary = summaryOf(node)
  const ports = portsOf(node)
  const bodyEnd = BORDER_TOP + HEAD + NAME + (summary ? SUMMARY : 0) + BODY_BOTTOM
  const slots = ports.map((port, i) => ({ port, y: bodyEnd + BORDER + PORTS_PAD + i * PORT_ROW + PORT_ROW / 2 }))
  const height = bodyEnd + (ports.length ? BORDER + 2 * PORTS_PAD + ports.length * PORT_ROW : 0) + BORDER
  const inputY = startsFlow(node.type) ? null : BORDER_TOP + HEAD / 2
  const half = HANDLE / 2
  const handles: NodeHandle[] = [
    ...(inputY === null
      ? []
      : [
          {
            id: null,
            type: 'target' as const,
            position: Position.Left,
            x: -HANDLE_OUT - half,
            y: inputY - half,
            width: HANDLE,
            height: HANDLE,
          },
        ]),
    ...slots.map((s) => ({
      id: s.port.id,
      type: 'source' as const,
      position: Position.Right,
      x: CARD_WIDTH + HANDLE_OUT - half,
      y: s.y - half,
      width: HANDLE,
      height: HANDLE,
    })),
  ]
  const layout = { width: CARD_WIDTH, height, summary, ports: slots, inputY, handles }
  layouts.set(node, layout)
  return layout
}

/** CSS offsets of a handle inside the card, whose absolute children are placed from the padding edge. */
export const handleStyle = (h: NodeHandle): React.CSSProperties => ({ left: h.x - BORDER, top: h.y - BORDER_TOP })
