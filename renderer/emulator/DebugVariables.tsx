import { memo, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import type { ApiError } from '../../shared/api'
import { JsonTree } from './JsonTree'
import { groupVariables } from './variables'
import type { EmulatorStore } from './session-store'

/** Why `text` is not JSON, in words, or null. */
function jsonProblem(text: string): string | null {
  try {
    JSON.parse(text)
    return null
  } catch (e) {
    return `Not JSON: ${(e as Error).message}. Text needs quotes ("Ann"); numbers, true, false, null, [ ] and { } do not.`
  }
}

/**
 * The paused run's variables as a tree, grouped as the Expression Builder names them (system, trigger, last
 * interaction, each node's output, answers and others). While the debugger holds the run each value can be edited
 * as JSON: checked as typed, refused values said under the field, a node's output set through debug.setNodeOutput.
 * Memoised, rows too: the session store keeps a value's object while it is unchanged (keep-equal.ts), so a Step
 * draws only the rows whose value it changed, and the busy flag of a step in flight draws none of them.
 */
export const DebugVariables = memo(function DebugVariables({
  store,
  vars,
  triggerNames,
  nodeNames,
  editable,
}: {
  store: EmulatorStore
  vars: Record<string, unknown>
  triggerNames: string[]
  nodeNames: string[]
  editable: boolean
}) {
  const groups = useMemo(() => groupVariables(vars, triggerNames, nodeNames), [vars, triggerNames, nodeNames])
  const nodes = useMemo(() => new Set(nodeNames), [nodeNames])
  return (
    <section className="dbg-vars" aria-label="Variables of the paused run">
      <h4>Variables</h4>
      {groups.map((g) => (
        <details key={g.title} open={g.entries.length > 0 && g.title !== 'System'} className="dbg-group">
          <summary>
            {g.title} <span className="json-count">({g.entries.length})</span>
          </summary>
          {g.entries.length === 0 ? (
            <p className="emu-hint">None yet.</p>
          ) : (
            <ul>
              {g.entries.map(([name, value]) => (
                <VariableRow
                  key={name}
                  store={store}
                  name={name}
                  value={value}
                  output={nodes.has(name)}
                  editable={editable}
                />
              ))}
            </ul>
          )}
        </details>
      ))}
    </section>
  )
})

const VariableRow = memo(function VariableRow({
  store,
  name,
  value,
  output,
  editable,
}: {
  store: EmulatorStore
  name: string
  value: unknown
  output: boolean
  editable: boolean
}) {
  const [text, setText] = useState<string | null>(null)
  const [refused, setRefused] = useState<ApiError | null>(null)
  // Only a row being edited follows a step in flight (its Set waits): the others are not drawn for it.
  const busy = useStore(store, (s) => text !== null && s.busy)
  const problem = text === null ? null : jsonProblem(text)
  const errorId = `dbg-var-error-${name}`
  const save = async () => {
    if (text === null || problem || busy) return
    const error = await store.getState().setDebugValue(output ? { nodeName: name } : { path: name }, text)
    setRefused(error)
    if (!error) setText(null)
  }
  const message = problem ?? refused?.message ?? null
  return (
    <li className="dbg-var" data-testid={`debug-var-${name}`}>
      {text === null ? (
        <div className="dbg-var-view">
          <JsonTree value={value} label={name} />
          {editable && (
            <button
              type="button"
              className="emu-link"
              aria-label={`Edit ${name}`}
              onClick={() => setText(JSON.stringify(value, null, 2) ?? 'null')}
            >
              Edit
            </button>
          )}
        </div>
      ) : (
        <div className="dbg-var-edit">
          <label htmlFor={`dbg-var-${name}`}>{output ? `Output of ${name} (JSON)` : `${name} (JSON)`}</label>
          <textarea
            id={`dbg-var-${name}`}
            aria-label={`New value of ${name}`}
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? errorId : undefined}
            value={text}
            rows={Math.min(8, text.split('\n').length + 1)}
            autoFocus
            onChange={(e) => {
              setText(e.target.value)
              setRefused(null)
            }}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) void save()
              if (e.key === 'Escape') {
                e.stopPropagation()
                setText(null)
              }
            }}
          />
          {message && (
            <p id={errorId} className="emu-error" role="alert">
              {message}
            </p>
          )}
          <div className="dbg-var-actions">
            <button type="button" onClick={() => void save()} disabled={!!problem || busy} title="Ctrl+Enter">
              Set {name}
            </button>
            <button type="button" onClick={() => setText(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  )
})
