import { useState } from 'react'
import { useReactFlow } from '@xyflow/react'
import type { Problem, Severity } from '../../shared/nodes/types'
import { zoomToNode } from '../canvas/reveal'
import { useEditor, useEditorStore } from './context'
import { languagesOf, problemLanguage } from './languages'

const GROUPS: { severity: Severity; title: string }[] = [
  { severity: 'error', title: 'Errors' },
  { severity: 'warning', title: 'Warnings' },
  // Warnings the flow marks as intentional (shared/flow/intentional.ts): listed with the reason, never counted.
  { severity: 'note', title: 'Notes' },
]
/** Rows shown per group before "Show more": a 2000-node flow can have thousands of problems, and laying out every
 *  row made opening it take seconds (docs/canvas.md, "Scale"); nobody reads past the first screens anyway. */
export const PROBLEMS_SHOWN = 100

/** The flow's validation problems, live, by severity. Choosing one selects its node, opens its panel and
 *  focuses the field it is about. */
export function ProblemsPanel() {
  const store = useEditorStore()
  // Only a new list of problems re-renders the panel: it is recomputed after every rename, and reading the nodes
  // through a subscription would re-render the whole list on every frame of a drag.
  const problems = useEditor((s) => s.problems)
  const checked = useEditor((s) => s.checked)
  const rf = useReactFlow()
  const [shown, setShown] = useState<Record<Severity, number>>({
    error: PROBLEMS_SHOWN,
    warning: PROBLEMS_SHOWN,
    note: PROBLEMS_SHOWN,
  })
  const count = problems.filter((p) => p.severity !== 'note').length
  const names = new Map(store.getState().doc.nodes.map((n) => [n.id, n.name]))
  const nameOf = (id: string | undefined) => (id ? names.get(id) : undefined)

  const open = (p: Problem) => {
    if (!p.nodeId) return
    const node = store.getState().doc.nodes.find((n) => n.id === p.nodeId)
    if (!node) return
    // A translation problem opens the panel in its language, on the text it is about.
    const language = problemLanguage(p, languagesOf(store.getState().doc))
    if (language) store.getState().setLanguage(language)
    store.getState().select([node.id])
    store.getState().openPanel(node.id, p.field ?? null)
    void zoomToNode(rf, node)
  }

  return (
    <section className="problems" aria-label="Problems">
      <h2>
        Problems <span className="count">{!checked ? 'checking…' : count === 0 ? 'none' : count}</span>
      </h2>
      {GROUPS.map(({ severity, title }) => {
        const list = problems.filter((p) => p.severity === severity)
        if (list.length === 0) return null
        const limit = shown[severity]
        return (
          <div key={severity} className={`problems-group ${severity}`}>
            <h3>
              {title} ({list.length})
            </h3>
            <ul>
              {list.slice(0, limit).map((p, i) => (
                <li key={`${p.pointer}:${p.code}:${i}`}>
                  <button type="button" disabled={!p.nodeId} onClick={() => open(p)}>
                    {p.nodeId && <strong>{nameOf(p.nodeId)}: </strong>}
                    {p.message}
                    {p.why && <span className="problems-why"> Intentional: {p.why}</span>}
                  </button>
                </li>
              ))}
            </ul>
            {list.length > limit && (
              <button
                type="button"
                className="problems-more"
                onClick={() => setShown({ ...shown, [severity]: limit + PROBLEMS_SHOWN })}
              >
                Show {Math.min(PROBLEMS_SHOWN, list.length - limit)} more of {list.length} {title.toLowerCase()}
              </button>
            )}
          </div>
        )
      })}
    </section>
  )
}
