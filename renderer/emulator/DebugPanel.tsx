import { useEffect, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { FlowDocument } from '../../shared/flow/document'
import { definitionOf } from '../editor/model'
import { knownType } from '../../shared/nodes/node-types'
import { DebugVariables } from './DebugVariables'
import { DebugWatches } from './DebugWatches'
import { RunFrom } from './RunFrom'
import { useEditor } from '../editor/context'
import type { EmulatorStore } from './session-store'

/** The debugger's keys (the help overlay lists the canvas's; these are said on the buttons). */
export const DEBUG_KEYS = { continue: 'F8', step: 'F10', stop: 'Shift+F8' } as const

const REASON = { breakpoint: 'breakpoint', step: 'step', expectation: 'failed expectation' }

/**
 * The debugger beside the phone: where the run is paused and why, Continue / Step / Step over (an answer for the
 * waiting node) / Stop, the failed expectation of a debugged test, the call stack, the node's config with every
 * {{ }} evaluated, the variables (editable), watches, and Run from. Everything it shows is the session's `debug`
 * view (EmulatorSession.debug), answered by the back end after every command.
 */
export function DebugPanel({
  store,
  doc,
  triggerNames,
  nodeNames,
}: {
  store: EmulatorStore
  doc: FlowDocument
  triggerNames: string[]
  nodeNames: string[]
}) {
  const session = useStore(store, (s) => s.session)
  const debugOn = useStore(store, (s) => s.debugOn)
  const busy = useStore(store, (s) => s.busy)
  const debug = session?.debug ?? null
  const paused = debug?.paused ?? null
  const run = session?.run ?? null
  const [answer, setAnswer] = useState('')
  const nameOf = (id: string) => doc.nodes.find((n) => n.id === id)?.name ?? id
  const node = debug?.node ?? null
  const waits = !!run?.waitingNodeId || (node ? nodeWaits(node.type, node.config) : false)
  const heading = useRef<HTMLHeadingElement>(null)
  // The pause names the connection the run took to get here; it is worth saying only when a breakpoint on it held.
  const onEdge = useEditor(
    (s) => s.breakpoints.find((b) => b.id === paused?.breakpointId)?.at.kind === 'edge' && !!paused?.edgeId,
  )

  // Keys while paused: F8 continue, F10 step, Shift+F8 stop (as a browser's script debugger).
  useEffect(() => {
    if (!paused) return
    const onKey = (e: KeyboardEvent) => {
      // Shift+F10 is a card's menu (the canvas), not Step.
      if ((e.key !== 'F8' && e.key !== 'F10') || (e.key === 'F10' && e.shiftKey)) return
      e.preventDefault()
      if (store.getState().busy) return
      void store.getState().debugGo(e.key === 'F10' ? 'step' : e.shiftKey ? 'stop' : 'continue')
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [paused, store])

  if (!debugOn)
    return (
      <div className="dbg-empty">
        <p>The debugger is off: runs go through breakpoints without stopping.</p>
        <button type="button" onClick={() => void store.getState().setDebug(true)}>
          Turn the debugger on
        </button>
      </div>
    )

  return (
    <div className="dbg" aria-label="Debugger">
      {paused ? (
        <section className="dbg-paused" aria-label="Paused">
          <h4 ref={heading} data-testid="debug-paused">
            Paused at {nameOf(paused.nodeId)}
            <span className="dbg-reason"> ({REASON[paused.reason]})</span>
          </h4>
          {onEdge && paused.edgeId && (
            <p className="emu-hint">
              Stopped on the connection {nameOf(doc.edges.find((e) => e.id === paused.edgeId)?.source ?? '')} →{' '}
              {doc.edges.find((e) => e.id === paused.edgeId)?.sourcePort ?? ''} → {nameOf(paused.nodeId)}, before{' '}
              {nameOf(paused.nodeId)} runs.
            </p>
          )}
          <div className="dbg-controls" role="toolbar" aria-label="Debugger controls">
            <button
              type="button"
              disabled={busy}
              onClick={() => void store.getState().debugGo('continue')}
              aria-keyshortcuts="F8"
              title={`Run to the next breakpoint (${DEBUG_KEYS.continue})`}
            >
              Continue
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void store.getState().debugGo('step')}
              aria-keyshortcuts="F10"
              title={`Run ${nameOf(paused.nodeId)} and stop before the next node (${DEBUG_KEYS.step})`}
            >
              Step
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => void store.getState().debugGo('stop')}
              aria-keyshortcuts="Shift+F8"
              title={`End the run here (${DEBUG_KEYS.stop})`}
            >
              Stop
            </button>
          </div>
          {waits && (
            <form
              className="dbg-step-over"
              onSubmit={(e) => {
                e.preventDefault()
                if (!answer.trim()) return
                void store.getState().stepOver({ type: 'text', text: answer })
                setAnswer('')
              }}
            >
              <label htmlFor="dbg-answer">The customer answers</label>
              <input
                id="dbg-answer"
                value={answer}
                onChange={(e) => setAnswer(e.target.value)}
                placeholder="Their reply"
              />
              <button type="submit" disabled={busy || !answer.trim()}>
                Step over
              </button>
            </form>
          )}
        </section>
      ) : (
        <div className="dbg-empty">
          {run && run.status === 'paused' ? (
            <p>The run waits for the customer. It stops at the next breakpoint it reaches.</p>
          ) : (
            <p>
              Not paused. Set a breakpoint (select a card or a connection and press <kbd>F9</kbd>), then start a test:
              the run stops there and this tab shows its variables, the node's settings with their values, and the
              controls to go on.
            </p>
          )}
          <button type="button" className="emu-link" onClick={() => void store.getState().setDebug(false)}>
            Turn the debugger off
          </button>
        </div>
      )}
      {debug?.failedExpectation && (
        <p className="emu-error dbg-failed" role="alert" data-testid="failed-expectation">
          The test expected otherwise at turn {debug.failedExpectation.turn}: {debug.failedExpectation.message}
        </p>
      )}
      {debug && debug.stack.length > 0 && (
        <section aria-label="Call stack" className="dbg-stack">
          <h4>Call stack</h4>
          <ol>
            {[...debug.stack].reverse().map((f, i) => (
              <li key={i}>
                {f.flowName} › {f.flowId === doc.id ? nameOf(f.nodeId) : f.nodeId}
              </li>
            ))}
          </ol>
        </section>
      )}
      {node && (
        <section aria-label={`Settings of ${node.name}`} className="dbg-node">
          <h4>
            {node.name} <span className="dbg-reason">({node.type})</span>
          </h4>
          {node.rendered.length === 0 ? (
            <p className="emu-hint">No {'{{ }}'} in its settings.</p>
          ) : (
            <table className="dbg-rendered">
              <tbody>
                {node.rendered.map((f) => (
                  <tr key={f.path}>
                    <th scope="row">{f.path}</th>
                    <td>
                      <code>{f.template}</code>
                      <div className={f.error ? 'emu-error' : 'dbg-value'}>
                        {f.error
                          ? `error: ${f.error}`
                          : `= ${typeof f.value === 'string' ? f.value : JSON.stringify(f.value)}`}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
      {run && (
        <DebugVariables
          store={store}
          vars={run.vars}
          triggerNames={triggerNames}
          nodeNames={nodeNames}
          editable={!!paused}
        />
      )}
      {debug && <DebugWatches store={store} watches={debug.watches} nodeId={paused?.nodeId ?? null} />}
      <RunFrom store={store} doc={doc} />
    </div>
  )
}

/** Whether a node of this type waits for the customer with this config (then Step over takes an answer). */
function nodeWaits(type: string, config: unknown): boolean {
  try {
    return definitionOf(knownType(type)).waits(config as never) === true
  } catch {
    return false
  }
}
