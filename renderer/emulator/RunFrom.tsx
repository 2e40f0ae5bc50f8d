import { useEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { ApiError } from '../../shared/api'
import type { FlowDocument } from '../../shared/flow/document'
import { startsFlow } from '../../shared/nodes/behaviour-of'
import { useRunFromStore } from './run-from-store'
import type { EmulatorStore } from './session-store'

/**
 * Run from a node (Dify's Variable Inspector): a new run of only what follows the node, with the variables of the
 * run as they are now, or edited first (JSON). Asked for from a card's menu (Run from here) or picked here.
 */
export function RunFrom({ store, doc }: { store: EmulatorStore; doc: FlowDocument }) {
  const vars = useStore(store, (s) => s.session?.run?.vars ?? null)
  const paused = useStore(store, (s) => s.session?.debug?.paused?.nodeId ?? null)
  const busy = useStore(store, (s) => s.busy)
  const asked = useRunFromStore((s) => s.nodeId)
  const seq = useRunFromStore((s) => s.seq)
  const nodes = useMemo(() => doc.nodes.filter((n) => !startsFlow(n.type)), [doc.nodes])
  // The same elements from render to render: React skips them, not diffs one <option> per node on every Step.
  const options = useMemo(
    () =>
      nodes.map((n) => (
        <option key={n.id} value={n.id}>
          {n.name}
        </option>
      )),
    [nodes],
  )
  const [nodeId, setNodeId] = useState<string>(asked ?? paused ?? nodes[0]?.id ?? '')
  const [text, setText] = useState<string | null>(null)
  const [error, setError] = useState<ApiError | { message: string } | null>(null)
  const section = useRef<HTMLElement>(null)

  useEffect(() => {
    if (!asked) return
    setNodeId(asked)
    useRunFromStore.getState().clear()
    section.current?.scrollIntoView({ block: 'nearest' })
    section.current?.querySelector<HTMLElement>('select')?.focus()
  }, [asked, seq])

  const run = async () => {
    let edited: Record<string, unknown> | undefined
    if (text !== null) {
      try {
        const parsed: unknown = JSON.parse(text)
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
          return setError({ message: 'The variables are one JSON object: { "name": value, … }.' })
        edited = parsed as Record<string, unknown>
      } catch (e) {
        return setError({ message: `Not JSON: ${(e as Error).message}.` })
      }
    }
    setError(null)
    const refused = await store.getState().runFrom(nodeId, edited)
    setError(refused)
    if (!refused) setText(null)
  }
  const name = doc.nodes.find((n) => n.id === nodeId)?.name ?? ''
  return (
    <section ref={section} className="dbg-run-from" aria-label="Run from a node">
      <h4>Run from a node</h4>
      <div className="dbg-run-from-row">
        <label htmlFor="dbg-run-from-node">Node</label>
        <select id="dbg-run-from-node" value={nodeId} onChange={(e) => setNodeId(e.target.value)}>
          {options}
        </select>
        <label className="emu-switch">
          <input
            type="checkbox"
            checked={text !== null}
            onChange={(e) => setText(e.target.checked ? JSON.stringify(vars ?? {}, null, 2) : null)}
          />
          Edit the variables first
        </label>
      </div>
      {text !== null && (
        <textarea
          aria-label="Variables to run with (JSON)"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'dbg-run-from-error' : undefined}
          rows={8}
          value={text}
          onChange={(e) => {
            setText(e.target.value)
            setError(null)
          }}
        />
      )}
      {error && (
        <p id="dbg-run-from-error" className="emu-error" role="alert">
          {error.message}
        </p>
      )}
      <button type="button" disabled={busy || !nodeId} onClick={() => void run()}>
        Run from {name}
      </button>
      <p className="emu-hint">
        {vars
          ? 'Keeps the variables of the run shown (or the ones edited above) and runs only what follows; the path is drawn anew.'
          : 'No run yet: the run starts with no variables (or the ones edited above).'}
      </p>
    </section>
  )
}
