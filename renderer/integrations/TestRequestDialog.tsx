import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import type { HttpTestResult } from '../../shared/api/commands/integrations'
import { HttpCallConfigSchema } from '../../shared/nodes/http_call/definition'
import { api } from '../api'
import { useEditor, useEditorStore } from '../editor/context'
import { initialValue, rememberValues, rememberedValues, requestVariables, requestVars, showBody } from './test-request'
import './integrations.css'

/** Runs the HTTP Call once through the back end (no CORS, the same code as a run) with values for its variables,
 *  shows the answer, and offers it as the node's sample response (one undoable edit of the flow's samples). */
export function TestRequestDialog({ nodeId, onClose }: { nodeId: string; onClose(): void }) {
  const store = useEditorStore()
  const node = useEditor((s) => s.doc.nodes.find((n) => n.id === nodeId))
  const flowId = useEditor((s) => s.doc.id)
  const samples = useEditor((s) => s.doc.samples)
  const memoryKey = `${flowId}/${nodeId}`
  const config = HttpCallConfigSchema.parse(node?.config ?? {})
  const paths = requestVariables(config)
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(paths.map((p) => [p, initialValue(p, samples, rememberedValues(memoryKey))])),
  )
  const [running, setRunning] = useState(false)
  const [outcome, setOutcome] = useState<HttpTestResult | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const [used, setUsed] = useState(false)
  const first = useRef<HTMLInputElement | HTMLButtonElement | null>(null)

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null
    first.current?.focus()
    return () => previous?.focus?.()
  }, [])

  if (!node) return null
  const send = async () => {
    setRunning(true)
    setFailure(null)
    setUsed(false)
    rememberValues(memoryKey, values)
    const typed = Object.fromEntries(paths.map((p) => [p, values[p] ?? '']))
    const r = await api.call('integrations.testRequest', { config, vars: requestVars(samples, typed) as never })
    setRunning(false)
    if (r.ok) setOutcome(r.value)
    else setFailure(r.error.message)
  }
  const useAsSample = () => {
    if (!outcome?.sample) return
    const doc = store.getState().doc
    store
      .getState()
      .apply(`Sample response of ${node.name}`, { ...doc, samples: { ...doc.samples, [node.name]: outcome.sample } })
    setUsed(true)
  }

  return createPortal(
    <div className="dialog-backdrop">
      <div
        className="dialog test-request"
        role="dialog"
        aria-modal="true"
        aria-label={`Test request: ${node.name}`}
        onKeyDown={(e) => {
          // Modal: the canvas shortcuts (undo, delete, Escape closes the panel) must not see its keys.
          e.stopPropagation()
          if (e.key === 'Escape') onClose()
        }}
      >
        <h2>Test request</h2>
        <p className="test-request-line">
          <code>
            {config.method} {config.url || '(no URL)'}
          </code>
        </p>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            void send()
          }}
        >
          {paths.length > 0 ? (
            <fieldset>
              <legend>Variable values</legend>
              {paths.map((p, i) => (
                <label key={p}>
                  <code>{`{{${p}}}`}</code>
                  <input
                    ref={i === 0 ? (el) => void (first.current = el) : undefined}
                    aria-label={`Value of ${p}`}
                    value={values[p] ?? ''}
                    onChange={(e) => setValues((v) => ({ ...v, [p]: e.target.value }))}
                  />
                </label>
              ))}
            </fieldset>
          ) : (
            <p className="flow-meta">The request reads no variables.</p>
          )}
          <div className="dialog-actions">
            <button type="button" onClick={onClose}>
              Close
            </button>
            <button
              ref={paths.length === 0 ? (el) => void (first.current = el) : undefined}
              type="submit"
              className="primary"
              disabled={running}
            >
              {running ? 'Sending…' : 'Send request'}
            </button>
          </div>
        </form>
        {failure && (
          <p className="field-problem" role="alert">
            {failure}
          </p>
        )}
        {outcome && <Outcome outcome={outcome} used={used} onUse={useAsSample} />}
      </div>
    </div>,
    document.body,
  )
}

function Outcome({ outcome, used, onUse }: { outcome: HttpTestResult; used: boolean; onUse(): void }) {
  const headers = Object.entries(outcome.headers)
  return (
    <section className="test-request-result" aria-label="Response">
      <p role="status" aria-label="Response status" className={outcome.ok ? 'ok' : 'failed'}>
        {outcome.status > 0 ? `${outcome.status}${outcome.ok ? ' OK' : ''}` : 'No answer'} · {outcome.durationMs} ms
      </p>
      {outcome.request && (
        <p className="flow-meta">
          Sent: {outcome.request.method} {outcome.request.url}
        </p>
      )}
      {outcome.error && (
        <p className="field-problem" role="alert">
          {outcome.error.message} ({outcome.error.code})
        </p>
      )}
      {headers.length > 0 && (
        <details>
          <summary>Headers ({headers.length})</summary>
          <dl className="test-request-headers">
            {headers.map(([k, v]) => (
              <div key={k}>
                <dt>{k}</dt>
                <dd>{v}</dd>
              </div>
            ))}
          </dl>
        </details>
      )}
      {outcome.status > 0 && (
        <pre className="test-request-body" aria-label="Response body" tabIndex={0}>
          {showBody(outcome.result)}
        </pre>
      )}
      {outcome.sample && (
        <div className="dialog-actions">
          <button type="button" onClick={onUse} disabled={used}>
            {used ? 'Saved as sample response' : 'Use as sample response'}
          </button>
        </div>
      )}
    </section>
  )
}
