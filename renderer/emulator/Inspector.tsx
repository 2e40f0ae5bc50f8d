import { useState } from 'react'
import { useStore } from 'zustand'
import { parseRelaxedJson } from '../../shared/expr/json'
import { groupVariables } from './variables'
import type { EmulatorStore } from './session-store'

/** The run's variables, grouped as the Expression Builder names them; editable while the run waits. */
export function Inspector({
  store,
  triggerNames,
  nodeNames,
}: {
  store: EmulatorStore
  triggerNames: string[]
  nodeNames: string[]
}) {
  const run = useStore(store, (s) => s.session?.run ?? null)
  const busy = useStore(store, (s) => s.busy)
  const [editing, setEditing] = useState<{ name: string; text: string; error: string | null } | null>(null)
  if (!run) return <p className="emu-empty">Start a test to see its variables.</p>
  const editable = run.status === 'paused' && !busy
  const groups = groupVariables(run.vars, triggerNames, nodeNames)
  const save = () => {
    if (!editing) return
    const parsed = parseRelaxedJson(editing.text)
    // Text that is not JSON is kept as text: what a tester types for a name or an answer.
    const value = parsed.ok ? parsed.value : editing.text
    void store.getState().setVariables({ [editing.name]: value })
    setEditing(null)
  }
  return (
    <div className="emu-inspector" aria-label="Variables">
      {!editable && <p className="emu-hint">Variables can be edited while the run waits for the customer.</p>}
      {groups.map((g) =>
        g.entries.length ? (
          <section key={g.title}>
            <h4>{g.title}</h4>
            <table>
              <tbody>
                {g.entries.map(([name, value]) => (
                  <tr key={name} data-testid={`var-${name}`}>
                    <th scope="row">{name}</th>
                    <td>
                      {editing?.name === name ? (
                        <span>
                          <input
                            aria-label={`Value of ${name}`}
                            value={editing.text}
                            autoFocus
                            onChange={(e) => setEditing({ ...editing, text: e.target.value })}
                            onKeyDown={(e) => {
                              if (e.key === 'Enter') save()
                              if (e.key === 'Escape') setEditing(null)
                            }}
                          />
                          <button type="button" onClick={save}>
                            Set
                          </button>
                        </span>
                      ) : (
                        <code
                          className={editable ? 'emu-editable' : undefined}
                          title={editable ? 'Click to edit' : undefined}
                          onClick={() => editable && setEditing({ name, text: JSON.stringify(value), error: null })}
                        >
                          {JSON.stringify(value)}
                        </code>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ) : null,
      )}
    </div>
  )
}
