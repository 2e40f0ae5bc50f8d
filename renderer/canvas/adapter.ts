import type { Edge } from '@xyflow/react'
import type { FlowEdge, FlowNode, Position } from '../../shared/flow/document'
import { cardLayout } from './card-layout'
import { NO_DECOR, type BreakpointMark, type Decor, type NodeDecor } from './decor'
import type { FlowCardNode } from './FlowNodeCard'

// React Flow re-renders a node only when its node object changes, so the canvas must hand it the same object
// for every node whose document node, selection and decor are unchanged. These caches keep that promise across
// edits: one edit of a 1000-node flow creates one new canvas node, not 1000.

interface NodeEntry {
  source: FlowNode
  selected: boolean
  decor: NodeDecor
  position: Position
  out: FlowCardNode
}

export class NodeCache {
  private entries = new Map<string, NodeEntry>()

  /** `live` holds positions of a drag in progress (React Flow moves the cards; the document follows on drop). */
  build(
    nodes: readonly FlowNode[],
    selected: ReadonlySet<string>,
    decor: Decor,
    live: ReadonlyMap<string, Position>,
  ): FlowCardNode[] {
    const next = new Map<string, NodeEntry>()
    const out = nodes.map((n) => {
      const sel = selected.has(n.id)
      const d = decor.nodes.get(n.id) ?? NO_DECOR
      const position = live.get(n.id) ?? n.position
      const prev = this.entries.get(n.id)
      let entry = prev
      if (
        !prev ||
        prev.source !== n ||
        prev.selected !== sel ||
        prev.decor.key !== d.key ||
        prev.position !== position
      ) {
        // The card is memoised on `data`: a new selection or position must not hand it a new data object.
        const data = prev && prev.source === n && prev.decor.key === d.key ? prev.out.data : { node: n, decor: d }
        // Size and handles come with the node (card-layout.ts): React Flow shows it, fits the view and draws its
        // edges without measuring it first.
        const { width, height, handles } = cardLayout(n)
        entry = {
          source: n,
          selected: sel,
          decor: d,
          position,
          out: { id: n.id, type: 'flow' as const, position, data, selected: sel, measured: { width, height }, handles },
        }
      }
      next.set(n.id, entry!)
      return entry!.out
    })
    this.entries = next
    return out
  }
}

interface EdgeEntry {
  source: FlowEdge
  selected: boolean
  state: string
  out: Edge
}

const EDGE_LABEL: Record<string, string> = {
  path: ', on the test path',
  covered: ', covered',
  uncovered: ', not covered',
  added: ', added',
  removed: ', removed',
}

const BP_LABEL: Record<BreakpointMark, string> = {
  on: ', breakpoint',
  conditional: ', conditional breakpoint',
  off: ', breakpoint switched off',
}

export class EdgeCache {
  private entries = new Map<string, EdgeEntry>()

  build(edges: readonly FlowEdge[], selected: ReadonlySet<string>, decor: Decor): Edge[] {
    const next = new Map<string, EdgeEntry>()
    const out = edges.map((e) => {
      const sel = selected.has(e.id)
      const cov = decor.edges.get(e.id) ?? ''
      const bp = decor.edgeBreakpoints?.get(e.id)
      const tr = decor.edgeTraffic?.get(e.id)
      const state = `${cov}|${bp ?? ''}|${tr?.key ?? ''}`
      const prev = this.entries.get(e.id)
      const entry =
        prev && prev.source === e && prev.selected === sel && prev.state === state
          ? prev
          : {
              source: e,
              selected: sel,
              state,
              out: {
                id: e.id,
                source: e.source,
                sourceHandle: e.sourcePort,
                target: e.target,
                selected: sel,
                ...(cov || bp || tr
                  ? {
                      className: [cov && `cov-${cov}`, bp && `bp-edge bp-${bp}`, tr && `traffic traffic-${tr.band}`]
                        .filter(Boolean)
                        .join(' '),
                    }
                  : {}),
                // The breakpoint's dot sits on the connection's middle, where React Flow puts a label: a bullet, which every
                // text font has (test/unit/no-font-glyphs.test.ts), drawn large by canvas.css.
                ...(bp ? { label: '•', labelShowBg: false } : {}),
                // Traffic: thickness by share; the exact numbers are the label, shown on hover and focus
                // (renderer/traffic/traffic.css), and are in the connection's name for a screen reader.
                ...(tr ? { style: { strokeWidth: tr.width }, ...(bp ? {} : { label: tr.label }) } : {}),
                ariaLabel: `Connection ${e.sourcePort}${EDGE_LABEL[cov] ?? ''}${bp ? BP_LABEL[bp] : ''}${tr ? `, ${tr.description}` : ''}`,
              },
            }
      next.set(e.id, entry)
      return entry.out
    })
    this.entries = next
    return out
  }
}
