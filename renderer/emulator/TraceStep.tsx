import type { TraceEvent } from '../../shared/engine'
import { useEditorStore } from '../editor/context'
import { StepDetail } from '../logs/StepDetail'
import { TriangleAlert } from 'lucide-react'
import { IntentScores } from '../nodes/intent/IntentScores'

/** The trace step behind a clicked bot message: the same record the Flow Logs show, after the decisions that led to it. */
export function TraceStep({ event, decisions = [] }: { event: TraceEvent | null; decisions?: TraceEvent[] }) {
  const editor = useEditorStore()
  if (!event) return <p className="emu-empty">Click a bot message to see the step that sent it.</p>
  return (
    <div className="emu-trace" aria-label="Trace step" data-testid="trace-step">
      {decisions.map((d) => (
        <Decision key={d.seq} event={d} />
      ))}
      {event.detail && <Decision event={event} />}
      <p>
        <strong>{event.nodeName}</strong> ({event.nodeType}, {event.phase}) {event.port ? `→ ${event.port}` : ''} ·{' '}
        {event.durationMs.toFixed(1)} ms{' '}
        <button type="button" onClick={() => editor.getState().openPanel(event.nodeId)}>
          Show node
        </button>
      </p>
      {event.error && <p className="emu-error">{event.error.message}</p>}
      {event.warnings.map((w, i) => (
        <p key={i} className="emu-hint">
          <TriangleAlert size={12} aria-hidden="true" /> {w}
        </p>
      ))}
      <h5>Read</h5>
      <pre>{JSON.stringify(event.input, null, 2)}</pre>
      <h5>Output</h5>
      <pre>{JSON.stringify(event.output, null, 2)}</pre>
    </div>
  )
}

/** A step's scores (an Intent node's), highest first, as a labelled list a screen reader reads whole. */
function Decision({ event }: { event: TraceEvent }) {
  const detail = event.detail as { scores?: Record<string, number>; provider?: string }
  // Another node's detail (an Extract's: where each slot came from) is shown as its data.
  if (!detail.scores)
    return (
      <section className="emu-decision" aria-label={`Decision of ${event.nodeName}`}>
        <p>
          <strong>{event.nodeName}</strong> → {event.port}
        </p>
        <StepDetail event={event} />
      </section>
    )
  return (
    <section className="emu-decision" aria-label={`Scores of ${event.nodeName}`}>
      <p>
        <strong>{event.nodeName}</strong> → {event.port} ({detail.provider ?? 'offline'})
      </p>
      <IntentScores scores={detail.scores ?? {}} chosen={event.port} />
    </section>
  )
}
