import type { TraceEvent } from '../../shared/engine'
import { useEditorStore } from '../editor/context'
import { StepDetail } from '../logs/StepDetail'
import { TriangleAlert } from 'lucide-react'

/** The trace step behind a clicked bot message: the same record the Flow Logs show. */
export function TraceStep({ event }: { event: TraceEvent | null }) {
  const editor = useEditorStore()
  if (!event) return <p className="emu-empty">Click a bot message to see the step that sent it.</p>
  return (
    <div className="emu-trace" aria-label="Trace step" data-testid="trace-step">
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
      <StepDetail event={event} />
      <h5>Read</h5>
      <pre>{JSON.stringify(event.input, null, 2)}</pre>
      <h5>Output</h5>
      <pre>{JSON.stringify(event.output, null, 2)}</pre>
    </div>
  )
}
