import { useEffect, useState } from 'react'
import { useReactFlow } from '@xyflow/react'
import { Circle, X } from 'lucide-react'
import type { Breakpoint } from '../../shared/engine/debug/types'
import { conditionExpression, conditionProblem } from '../../shared/analysis/breakpoint-condition'
import { ExprInput } from '../expr-editor/ExprInput'
import { zoomToNode } from '../canvas/reveal'
import { liveBreakpoints, patched, targetLabel } from './breakpoints'
import { useEditor, useEditorStore } from './context'
import { SidePanel } from './SidePanel'

/** Why a condition as typed cannot be one, or null (blank is no condition). */
function problemOf(text: string): string | null {
  const c = conditionExpression(text)
  return c ? conditionProblem(c) : null
}

/**
 * Every breakpoint of the flow: where (a click selects and centres it), on or off, its condition (an expression with
 * the Expression Builder's completion, in the scope of the node it stops before), and Remove. Every change is one
 * undoable edit of the canvas (breakpoints.ts) and is kept beside the flow (breakpoint-sync.ts).
 */
export default function BreakpointsPanel({ onClose }: { onClose(): void }) {
  const store = useEditorStore()
  const doc = useEditor((s) => s.doc)
  const all = useEditor((s) => s.breakpoints)
  const error = useEditor((s) => s.breakpointsError)
  const list = liveBreakpoints(all, doc)
  const edit = (id: string, patch: Partial<Omit<Breakpoint, 'id'>>, label: string, key: string | null = null) =>
    store.getState().setBreakpoints(patched(store.getState().breakpoints, id, patch), label, key)
  const remove = (id: string) =>
    store.getState().setBreakpoints(
      store.getState().breakpoints.filter((b) => b.id !== id),
      'Remove breakpoint',
    )
  return (
    <SidePanel label="Breakpoints" title="Breakpoints" closeLabel="Close breakpoints" onClose={onClose}>
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
      {list.length === 0 ? (
        <div className="bp-empty">
          <p>No breakpoints yet.</p>
          <p>
            Select a card or a connection and press <kbd>F9</kbd> (or right-click a card). A test run in the emulator
            stops before that card runs, or when it takes that connection, so you can read and change its variables and
            go on step by step.
          </p>
        </div>
      ) : (
        <ul className="bp-list" aria-label="Breakpoints of this flow">
          {list.map((b) => (
            <BreakpointRow
              key={b.id}
              bp={b}
              where={targetLabel(doc, b.at)}
              onEdit={edit}
              onRemove={() => remove(b.id)}
              nodeId={
                b.at.kind === 'node'
                  ? b.at.nodeId
                  : (doc.edges.find((e) => e.id === (b.at as { edgeId: string }).edgeId)?.target ?? null)
              }
            />
          ))}
        </ul>
      )}
      {list.length > 0 && (
        <p className="bp-hint">
          A condition is an expression, for example <code>{'{{cart_total}} > 100'}</code>: the run stops only when it is
          true.
        </p>
      )}
    </SidePanel>
  )
}

function BreakpointRow({
  bp,
  where,
  nodeId,
  onEdit,
  onRemove,
}: {
  bp: Breakpoint
  where: string
  nodeId: string | null
  onEdit(id: string, patch: Partial<Omit<Breakpoint, 'id'>>, label: string, key?: string | null): void
  onRemove(): void
}) {
  const store = useEditorStore()
  const rf = useReactFlow()
  // What is typed stays here while it does not parse; only a condition that does is kept (and undoable).
  const [draft, setDraft] = useState(bp.condition ?? '')
  const [problem, setProblem] = useState<string | null>(null)
  // Undo and redo change the kept condition: the field follows unless it holds text still being fixed.
  useEffect(() => {
    setDraft((d) => (problemOf(d) === null && (d.trim() ? d : undefined) !== bp.condition ? (bp.condition ?? '') : d))
  }, [bp.condition])
  const kind = bp.at.kind === 'node' ? 'Node' : 'Connection'
  const errorId = `bp-error-${bp.id}`
  const show = () => {
    const s = store.getState()
    if (bp.at.kind === 'node') s.select([bp.at.nodeId])
    else s.select([], [bp.at.edgeId])
    const node = nodeId ? s.doc.nodes.find((n) => n.id === nodeId) : undefined
    if (node) void zoomToNode(rf, node)
  }
  return (
    <li className={`bp-row${bp.enabled ? '' : ' bp-off'}`} data-testid="breakpoint">
      <div className="bp-head">
        <Circle size={10} aria-hidden="true" className="bp-dot-icon" fill="currentColor" />
        <input
          type="checkbox"
          checked={bp.enabled}
          aria-label={`Enabled: breakpoint at ${where}`}
          onChange={(e) =>
            onEdit(bp.id, { enabled: e.target.checked }, e.target.checked ? 'Enable breakpoint' : 'Disable breakpoint')
          }
        />
        <button type="button" className="bp-where" onClick={show} title={`Show ${where} on the canvas`}>
          <span className="bp-kind">{kind}</span> {where}
        </button>
        <button type="button" aria-label={`Remove breakpoint at ${where}`} onClick={onRemove}>
          <X size={14} aria-hidden="true" />
        </button>
      </div>
      <ExprInput
        label={`Condition of the breakpoint at ${where}`}
        value={draft}
        nodeId={nodeId}
        invalid={problem !== null}
        describedBy={problem ? errorId : undefined}
        placeholder="Always stop (or a condition)"
        onChange={(text) => {
          setDraft(text)
          const p = problemOf(text)
          setProblem(p)
          if (!p) onEdit(bp.id, { condition: text }, 'Edit breakpoint condition', `bp-cond:${bp.id}`)
        }}
      />
      {problem && (
        <p id={errorId} className="form-error bp-problem" role="alert">
          {problem}
        </p>
      )}
    </li>
  )
}
