import { createStore, type StoreApi } from 'zustand/vanilla'
import type { FlowDocument, FlowNode, Position } from '../../shared/flow/document'
import type { NodeType } from '../../shared/nodes/node-types'
import type { Problem } from '../../shared/nodes/types'
import * as graph from './graph'
import { emptyHistory, record, redo, undo, type History, type Restored } from './history'
import { renameNode } from '../../shared/analysis/rename'
import { validateFlow } from '../../shared/analysis/validate'
import { currentVersion, defaultConfig, nextName, portsOf } from './model'
import { pasteClip, type Clip } from './clipboard'
import { ALIGN_LABELS, alignPositions, type AlignMode } from './align'
import { startsFlow } from '../../shared/nodes/behaviour-of'
import { catalogueOf, type FlowCatalogue } from '../../shared/flow/catalogue'
import type { Breakpoint } from '../../shared/engine/debug/types'

// The editor's state: the document being edited, its undo history and the selection. Every edit goes through
// `apply`, which records history and bumps `version`; autosave watches `version`.

export interface EditorState {
  doc: FlowDocument
  history: History
  /** Increments on every change of `doc`, including undo and redo. */
  version: number
  selectedNodeIds: string[]
  selectedEdgeIds: string[]
  /** Node whose side panel is open, and a config pointer to focus in it (from the problems panel). */
  panelNodeId: string | null
  focusField: string | null
  notice: string | null
  /** Validation problems of `doc` (recomputed shortly after edits) and their counts per node for the cards. */
  problems: Problem[]
  problemCounts: Record<string, ProblemCount>
  /** False until the first validation pass has run (for a large flow, just after the canvas first shows). */
  checked: boolean
  /**
   * The flows `doc` calls, directly or through others, as stored (flows.callees), with `doc` itself: what its Call
   * Flow nodes are checked against and the Expression Builder offers outputs from. Null until fetched.
   */
  flows: FlowCatalogue | null
  /**
   * The debugger's breakpoints (kept by the studio beside the flow, not in `doc`: breakpoint-sync.ts). Those whose
   * node or connection is gone stay here, so undoing the delete brings them back; nothing shows or sends them.
   */
  breakpoints: Breakpoint[]
  /** Increments on every edit of `breakpoints` (including undo and redo), not when they are loaded. */
  breakpointsVersion: number
  /** Why the last read or write of the breakpoints failed (shown in the Breakpoints list), or null. */
  breakpointsError: string | null
  /**
   * The language the canvas cards and node panels show (the toolbar's Language switch), or null for the default
   * language (the node configs themselves). A view, not an edit: no undo step, nothing saved. Read it through
   * `shownLanguage` (languages.ts), which falls back to the default when the flow no longer lists it.
   */
  language: string | null
}

export interface ProblemCount {
  error: number
  warning: number
}

export interface EditorActions {
  apply(label: string, next: FlowDocument, key?: string | null): void
  addNode(type: NodeType, position: Position, after?: string | null): FlowNode
  connect(req: graph.ConnectionRequest): graph.ConnectionVerdict
  deleteElements(nodeIds: string[], edgeIds: string[]): void
  moveNodes(positions: ReadonlyMap<string, Position>, label: string): void
  /** Aligns or distributes the selected cards: one undo step. */
  align(mode: AlignMode): void
  updateConfig(nodeId: string, config: Record<string, unknown>, field?: string): void
  /** Renames and rewrites every reference; false (with a notice) when the name breaks a rule. */
  rename(nodeId: string, name: string): boolean
  paste(clip: Clip, at: Position | null): string[]
  replaceDocument(doc: FlowDocument, label: string): void
  undo(): void
  redo(): void
  select(nodeIds: string[], edgeIds?: string[]): void
  openPanel(nodeId: string | null, field?: string | null): void
  setNotice(text: string | null): void
  setProblems(problems: Problem[]): void
  /** The callees fetched for the document's calls (problems.ts). */
  setCallees(callees: FlowDocument[]): void
  /** One undoable edit of the breakpoints; edits with the same `key` in quick succession are one step (typing). */
  setBreakpoints(next: Breakpoint[], label: string, key?: string | null): void
  /** The breakpoints as stored, on opening: no undo step, nothing to send back. */
  loadBreakpoints(list: Breakpoint[]): void
  /** Shows the flow in another of its languages (null: the default). */
  setLanguage(language: string | null): void
}

export type EditorStore = StoreApi<EditorState & EditorActions>

function countProblems(problems: Problem[]): Record<string, ProblemCount> {
  const counts: Record<string, ProblemCount> = {}
  for (const p of problems) {
    // A note (a warning kept on purpose, shared/flow/intentional.ts) is no problem: no badge on the card.
    if (!p.nodeId || p.severity === 'note') continue
    const c = (counts[p.nodeId] ??= { error: 0, warning: 0 })
    c[p.severity]++
  }
  return counts
}

/** Up to this many nodes a flow is validated before it shows (a few milliseconds; its cards and the Problems list
 *  open complete, with no refit when the list fills). Larger flows are validated right after the canvas first
 *  shows (useProblems): at 1000 nodes the pass and the re-render it causes took a tenth of opening (docs/canvas.md). */
export const VALIDATE_BEFORE_SHOWING = 300

/** `language`: the language the canvas opens in (null: the default). */
export function createEditorStore(initial: FlowDocument, language: string | null = null): EditorStore {
  const initialProblems = initial.nodes.length <= VALIDATE_BEFORE_SHOWING ? validateFlow(initial) : null
  return createStore<EditorState & EditorActions>()((set, get) => {
    /** Puts back what an undo or redo step holds: the document, and the breakpoints for a breakpoint edit (the
     *  document then is the same one, so autosave has nothing to write). */
    const restore = (r: Restored | null, verb: string) => {
      if (!r) return
      const s = get()
      set({
        doc: r.doc,
        history: r.history,
        version: r.breakpoints && r.doc === s.doc ? s.version : s.version + 1,
        ...(r.breakpoints ? { breakpoints: r.breakpoints, breakpointsVersion: s.breakpointsVersion + 1 } : {}),
        notice: `${verb}: ${r.label}`,
      })
    }
    return {
      doc: initial,
      history: emptyHistory(),
      version: 0,
      selectedNodeIds: [],
      selectedEdgeIds: [],
      panelNodeId: null,
      focusField: null,
      notice: null,
      problems: initialProblems ?? [],
      problemCounts: initialProblems ? countProblems(initialProblems) : {},
      checked: initialProblems !== null,
      flows: null,
      breakpoints: [],
      breakpointsVersion: 0,
      breakpointsError: null,
      language,

      apply(label, next, key = null) {
        const { doc, history, version } = get()
        if (next === doc) return
        set({ doc: next, history: record(history, doc, label, key), version: version + 1 })
      },

      addNode(type, position, after = null) {
        const { doc } = get()
        const node: FlowNode = {
          id: graph.newId('n'),
          type,
          typeVersion: currentVersion(type),
          name: nextName(doc, type),
          position,
          config: defaultConfig(type),
        }
        let next = graph.addNodes(doc, [node])
        const from = after ? doc.nodes.find((n) => n.id === after) : undefined
        const port = from && !startsFlow(type) ? graph.firstFreePort(doc, from, portsOf) : undefined
        if (from && port) next = graph.connect(next, { source: from.id, sourcePort: port.id, target: node.id })
        get().apply(`Add ${node.name}`, next)
        set({ selectedNodeIds: [node.id], selectedEdgeIds: [], panelNodeId: node.id, focusField: null })
        return node
      },

      connect(req) {
        const verdict = graph.checkConnection(get().doc, req, portsOf)
        if (verdict.ok) get().apply('Connect', graph.connect(get().doc, req))
        else set({ notice: verdict.reason })
        return verdict
      },

      deleteElements(nodeIds, edgeIds) {
        const { doc, panelNodeId } = get()
        const next = graph.removeElements(doc, nodeIds, edgeIds)
        get().apply(nodeIds.length ? `Delete ${nodeIds.length} node(s)` : 'Delete connection', next)
        const gone = new Set(nodeIds)
        set((s) => ({
          selectedNodeIds: s.selectedNodeIds.filter((id) => !gone.has(id)),
          selectedEdgeIds: s.selectedEdgeIds.filter((id) => !edgeIds.includes(id)),
          panelNodeId: panelNodeId && gone.has(panelNodeId) ? null : panelNodeId,
        }))
      },

      moveNodes(positions, label) {
        get().apply(label, graph.moveNodes(get().doc, positions))
      },

      align(mode) {
        const { doc, selectedNodeIds } = get()
        const chosen = new Set(selectedNodeIds)
        const positions = alignPositions(
          doc.nodes.filter((n) => chosen.has(n.id)),
          mode,
        )
        if (positions.size) get().moveNodes(positions, ALIGN_LABELS[mode])
      },

      updateConfig(nodeId, config, field = '') {
        get().apply('Edit', graph.setConfig(get().doc, nodeId, config, portsOf), `config:${nodeId}:${field}`)
      },

      rename(nodeId, name) {
        const { doc } = get()
        const old = doc.nodes.find((n) => n.id === nodeId)?.name
        const r = renameNode(doc, nodeId, name)
        if (!r.ok) {
          set({ notice: r.problem.message })
          return false
        }
        get().apply(`Rename ${old} to ${name}`, r.document)
        return true
      },

      paste(clip, at) {
        const { doc, nodes } = pasteClip(get().doc, clip, at)
        if (nodes.length === 0) return []
        get().apply(`Paste ${nodes.length} node(s)`, doc)
        const ids = nodes.map((n) => n.id)
        set({ selectedNodeIds: ids, selectedEdgeIds: [] })
        return ids
      },

      replaceDocument(doc, label) {
        get().apply(label, doc)
        set({ selectedNodeIds: [], selectedEdgeIds: [], panelNodeId: null })
      },

      undo() {
        const { history, doc, breakpoints } = get()
        restore(undo(history, doc, breakpoints), 'Undid')
      },

      redo() {
        const { history, doc, breakpoints } = get()
        restore(redo(history, doc, breakpoints), 'Redid')
      },

      setBreakpoints(next, label, key = null) {
        const { doc, history, breakpoints, breakpointsVersion } = get()
        if (next === breakpoints) return
        set({
          breakpoints: next,
          history: record(history, doc, label, key, Date.now(), breakpoints),
          breakpointsVersion: breakpointsVersion + 1,
        })
      },

      loadBreakpoints(list) {
        set({ breakpoints: list })
      },

      setLanguage(language) {
        set({ language })
      },

      select(nodeIds, edgeIds = []) {
        set({ selectedNodeIds: nodeIds, selectedEdgeIds: edgeIds })
      },

      openPanel(nodeId, field = null) {
        set({ panelNodeId: nodeId, focusField: field })
      },

      setNotice(text) {
        set({ notice: text })
      },

      setProblems(problems) {
        set({ problems, problemCounts: countProblems(problems), checked: true })
      },
      setCallees(callees) {
        // The stored copy of the document itself never stands in for the one being edited (withFlow in analysis).
        set({ flows: catalogueOf(callees.filter((d) => d.id !== get().doc.id)) })
      },
    }
  })
}
