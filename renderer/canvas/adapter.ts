import type { Edge } from '@xyflow/react'
import type { FlowEdge, FlowNode } from '../../shared/flow/document'
import type { FlowCardNode } from './FlowNodeCard'

// React Flow re-renders a node only when its node object changes, so the canvas must hand it the same object
// for every node whose document node, selection and measured size are unchanged. These caches keep that promise
// across edits: one edit of a 1000-node flow creates one new canvas node, not 1000.

export interface Size {
  width: number
  height: number
}

interface NodeEntry {
  source: FlowNode
  selected: boolean
  measured: Size | undefined
  out: FlowCardNode
}

export class NodeCache {
  private entries = new Map<string, NodeEntry>()
  readonly measured = new Map<string, Size>()

  build(nodes: readonly FlowNode[], selected: ReadonlySet<string>): FlowCardNode[] {
    const next = new Map<string, NodeEntry>()
    const out = nodes.map((n) => {
      const sel = selected.has(n.id)
      const size = this.measured.get(n.id)
      const prev = this.entries.get(n.id)
      const entry =
        prev && prev.source === n && prev.selected === sel && prev.measured === size
          ? prev
          : {
              source: n,
              selected: sel,
              measured: size,
              // The card is memoised on `data`: a new size or selection must not hand it a new data object.
              out: { id: n.id, type: 'flow' as const, position: n.position, data: prev?.source === n ? prev.out.data : { node: n }, selected: sel, ...(size ? { measured: size } : {}) },
            }
      next.set(n.id, entry)
      return entry.out
    })
    this.entries = next
    return out
  }
}

interface EdgeEntry {
  source: FlowEdge
  selected: boolean
  out: Edge
}

export class EdgeCache {
  private entries = new Map<string, EdgeEntry>()

  build(edges: readonly FlowEdge[], selected: ReadonlySet<string>): Edge[] {
    const next = new Map<string, EdgeEntry>()
    const out = edges.map((e) => {
      const sel = selected.has(e.id)
      const prev = this.entries.get(e.id)
      const entry =
        prev && prev.source === e && prev.selected === sel
          ? prev
          : {
              source: e,
              selected: sel,
              out: { id: e.id, source: e.source, sourceHandle: e.sourcePort, target: e.target, selected: sel, ariaLabel: `Connection ${e.sourcePort}` },
            }
      next.set(e.id, entry)
      return entry.out
    })
    this.entries = next
    return out
  }
}
