import { memo, useState } from 'react'
import { X } from 'lucide-react'
import type { WatchHistory } from '../../shared/engine/debug/types'
import { conditionExpression, conditionProblem } from '../../shared/analysis/breakpoint-condition'
import { ExprInput } from '../expr-editor/ExprInput'
import type { EmulatorStore } from './session-store'

const shown = (v: unknown) => (typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? 'undefined'))

/**
 * Watch expressions: evaluated by the back end after every step of the run (debug.watches), each with its latest
 * value and its history across the steps. Typed with the Expression Builder's completion, in the scope of the node
 * the run is paused at.
 */
export const DebugWatches = memo(function DebugWatches({
  store,
  watches,
  nodeId,
}: {
  store: EmulatorStore
  watches: WatchHistory[]
  nodeId: string | null
}) {
  const [draft, setDraft] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const expressions = watches.map((w) => w.expression)
  const add = (text: string) => {
    const e = conditionExpression(text)
    if (!e) return
    const p = conditionProblem(e)
    setProblem(p)
    if (p) return
    setDraft('')
    if (!expressions.includes(e)) void store.getState().setWatches([...expressions, e])
  }
  return (
    <section className="dbg-watches" aria-label="Watch expressions">
      <h4>Watch</h4>
      <form
        className="dbg-watch-add"
        onSubmit={(e) => {
          e.preventDefault()
          add(draft)
        }}
      >
        <ExprInput
          label="New watch expression"
          value={draft}
          nodeId={nodeId}
          invalid={problem !== null}
          describedBy={problem ? 'dbg-watch-error' : undefined}
          placeholder="{{cart_total}} * 2"
          onChange={(t) => {
            setDraft(t)
            setProblem(null)
          }}
          onEnter={add}
        />
        <button type="submit" disabled={!draft.trim()}>
          Add watch
        </button>
      </form>
      {problem && (
        <p id="dbg-watch-error" className="emu-error" role="alert">
          {problem}
        </p>
      )}
      {watches.length === 0 ? (
        <p className="emu-hint">
          Add an expression, such as <code>{'{{age}} >= 18'}</code>, to see its value after every step.
        </p>
      ) : (
        <ul className="dbg-watch-list">
          {watches.map((w) => {
            const last = w.history.at(-1)
            return (
              <li key={w.expression} data-testid="watch">
                <div className="dbg-watch-head">
                  <code className="dbg-watch-expr">{w.expression}</code>
                  <span className="dbg-watch-value" aria-label={`Value of ${w.expression}`}>
                    {last ? (last.error ? `error: ${last.error}` : shown(last.value)) : 'not evaluated yet'}
                  </span>
                  <button
                    type="button"
                    aria-label={`Remove watch ${w.expression}`}
                    onClick={() => void store.getState().setWatches(expressions.filter((x) => x !== w.expression))}
                  >
                    <X size={12} aria-hidden="true" />
                  </button>
                </div>
                {w.history.length > 1 && (
                  <details>
                    <summary>History ({w.history.length} steps)</summary>
                    <ol className="dbg-watch-history">
                      {w.history.map((h) => (
                        <li key={h.step}>
                          step {h.step}: {h.error ? `error: ${h.error}` : shown(h.value)}
                        </li>
                      ))}
                    </ol>
                  </details>
                )}
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
})
