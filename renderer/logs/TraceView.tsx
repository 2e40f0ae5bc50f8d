import { useState } from 'react'
import type { LogTrace } from '../../shared/api/commands/logs'
import { DeliveryState } from './Delivery'
import { JsonTree } from './JsonTree'
import { formatMs, messageText, waterfall } from './model'
import { replayPlan } from './replay'
import { WaitingRun } from './WaitingRun'
import { X } from 'lucide-react'

interface Props {
  trace: LogTrace
  onShowOnCanvas(): void
  onExport(): void
  /** Absent for a production server's runs: a test is recorded from this studio's own runs. */
  onSaveTest?: () => void
  onOpenInEmulator(): void
  onClose(): void
  /** The flow's time zone, for a waiting run's due time. */
  timeZone?: string
  /** This studio's waiting runs only (absent for a production server's). */
  onWake?: () => Promise<void>
  onCancel?: () => Promise<void>
}

/** One execution: summary, the nodes as a waterfall (click a node for its data in and out), the transcript. */
export function TraceView(props: Props) {
  const { trace, onShowOnCanvas, onExport, onSaveTest, onOpenInEmulator, onClose } = props
  const { run } = trace
  const replay = replayPlan(trace)
  const bars = waterfall(trace.trace)
  const [open, setOpen] = useState<number | null>(() => trace.trace.find((t) => t.error)?.seq ?? null)
  return (
    <section className="trace-view" aria-label="Execution trace">
      <header className="trace-head">
        <strong className={`logs-state status-${run.status}`} data-testid="trace-status">
          {run.status}
        </strong>
        <span>
          {run.triggerKind} · {run.contact.name} {run.contact.phone}
        </span>
        <span>started {new Date(run.startedAt).toLocaleString()}</span>
        <span data-testid="trace-total">total {formatMs(trace.totalMs)}</span>
        <span>{trace.trace.length} nodes</span>
        <span className="trace-actions">
          <button type="button" onClick={onShowOnCanvas}>
            Show on canvas
          </button>
          {onSaveTest && (
            <button type="button" onClick={onSaveTest}>
              Save as test
            </button>
          )}
          <button
            type="button"
            disabled={!replay.ok}
            title={replay.ok ? 'Replay the customer side as a new test run' : replay.reason}
            onClick={onOpenInEmulator}
          >
            Open in emulator
          </button>
          <button type="button" onClick={onExport}>
            Export run
          </button>
          <button type="button" aria-label="Close trace" onClick={onClose}>
            <X size={14} aria-hidden="true" />
          </button>
        </span>
      </header>
      <WaitingRun run={run} timeZone={props.timeZone} onWake={props.onWake} onCancel={props.onCancel} />
      {run.error && (
        <p className="trace-error" role="alert">
          Failed: <code>{run.error.code}</code> {run.error.message}
        </p>
      )}
      <div className="trace-body">
        <ol className="waterfall" aria-label="Nodes in order">
          {trace.trace.map((t, i) => {
            const bar = bars[i]!
            const expanded = open === t.seq
            return (
              <li key={t.seq} className={`wf-node${t.error ? ' failed' : ''}`} data-node={t.nodeName}>
                <button
                  type="button"
                  className="wf-line"
                  aria-expanded={expanded}
                  onClick={() => setOpen(expanded ? null : t.seq)}
                >
                  <span className="wf-name">{t.nodeName}</span>
                  <span className="wf-type">
                    {t.nodeType}
                    {t.phase === 'resume' ? ' (resume)' : ''}
                  </span>
                  <span className="wf-port">{t.error ? 'failed' : t.port ? `→ ${t.port}` : 'waits'}</span>
                  <span className="wf-track" title={`+${formatMs(bar.offsetMs)}, ${formatMs(t.durationMs)}`}>
                    <span className="wf-bar" style={{ left: `${bar.left}%`, width: `${bar.width}%` }} />
                  </span>
                  <span className="wf-ms">{formatMs(t.durationMs)}</span>
                </button>
                {t.error && (
                  <p className="wf-error">
                    <code>{t.error.code}</code> {t.error.message}
                  </p>
                )}
                {t.warnings.length > 0 && <p className="wf-warn">{t.warnings.join(' · ')}</p>}
                {expanded && (
                  <div className="wf-data">
                    <div>
                      <h4>Input</h4>
                      <JsonTree value={t.input} />
                    </div>
                    <div>
                      <h4>Output</h4>
                      <JsonTree value={t.output} />
                    </div>
                  </div>
                )}
              </li>
            )
          })}
        </ol>
        <aside className="transcript" aria-label="Conversation">
          <h3>Conversation</h3>
          {trace.messages.length === 0 && <p className="logs-empty">No messages.</p>}
          {trace.messages.map((m) => (
            <div key={m.seq} className={`bubble ${m.direction}`}>
              {messageText(m)}
              {m.delivery && <DeliveryState delivery={m.delivery} />}
            </div>
          ))}
          <h3>Variables</h3>
          <JsonTree value={trace.vars} openDepth={0} />
        </aside>
      </div>
    </section>
  )
}
