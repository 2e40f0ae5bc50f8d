import { useMemo, useState } from 'react'
import type { LogTrace } from '../../shared/api/commands/logs'
import { DeliveryState } from './Delivery'
import { JsonTree } from './JsonTree'
import { StepDetail } from './StepDetail'
import { formatMs, messageText, waterfall, type WaterfallBar } from './model'
import { foldCalls, stepsInside, type TraceRow } from './fold'
import { useFlowInterfaces } from '../nodes/call_flow/interfaces'
import { ChevronRight } from 'lucide-react'
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
  const bars = useMemo(() => {
    const list = waterfall(trace.trace)
    return new Map(trace.trace.map((t, i) => [t.seq, list[i]!]))
  }, [trace.trace])
  const rows = useMemo(() => foldCalls(trace.trace), [trace.trace])
  const names = useFlowNames()
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
        {run.version != null && <span data-testid="trace-version">version {run.version}</span>}
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
          {rows.map((row) => (
            <TraceRowItem key={row.event.seq} row={row} bars={bars} open={open} setOpen={setOpen} names={names} />
          ))}
        </ol>
        <aside className="transcript" aria-label="Conversation">
          <h3>Conversation</h3>
          {trace.messages.length === 0 && <p className="logs-empty">No messages.</p>}
          {trace.messages.map((m) => (
            <div
              key={m.seq}
              className={`bubble ${m.direction}${m.author === 'person' ? ' person' : ''}`}
              data-testid={m.author === 'person' ? 'person-message' : undefined}
            >
              {/* Written by the person who had the conversation (a takeover), not by the flow. */}
              {m.author === 'person' && <span className="bubble-author">Person</span>}
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

/** The studio's flow names by id, to name a called flow (a production server's flow this studio lacks: its id). */
function useFlowNames(): ReadonlyMap<string, string> {
  const flows = useFlowInterfaces()
  return useMemo(() => new Map(flows.kind === 'ready' ? flows.flows.map((f) => [f.id, f.name] as const) : []), [flows])
}

interface RowProps {
  row: TraceRow
  bars: ReadonlyMap<number, WaterfallBar>
  open: number | null
  setOpen(seq: number | null): void
  names: ReadonlyMap<string, string>
}

/**
 * One node of the waterfall (click it for its data in and out). A Call Flow node holds the steps of the flow it
 * called, folded under it: unfolded when one of them failed, so a failure inside a call is in sight.
 */
function TraceRowItem({ row, bars, open, setOpen, names }: RowProps) {
  const t = row.event
  const bar = bars.get(t.seq) ?? { offsetMs: 0, left: 0, width: 0 }
  const expanded = open === t.seq
  const inside = stepsInside(row)
  const failedInside = useMemo(() => hasError(row.children), [row.children])
  const [unfolded, setUnfolded] = useState(failedInside)
  const callee = row.children[0]?.event.flowId ?? ''
  const calleeName = names.get(callee) ?? callee
  const listId = `wf-call-${t.seq}`
  return (
    <li className={`wf-node${t.error ? ' failed' : ''}`} data-node={t.nodeName} data-depth={t.depth ?? 0}>
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
      {expanded && <StepDetail event={t} />}
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
      {inside > 0 && (
        <>
          <button
            type="button"
            className="wf-fold"
            aria-expanded={unfolded}
            aria-controls={listId}
            onClick={() => setUnfolded(!unfolded)}
          >
            <ChevronRight size={14} aria-hidden="true" className="wf-fold-icon" />
            {unfolded ? 'Hide' : 'Show'} {inside} step{inside === 1 ? '' : 's'} in the called flow {calleeName}
          </button>
          {unfolded && (
            <ol className="waterfall wf-call" id={listId} aria-label={`Steps in ${calleeName}`}>
              {row.children.map((child) => (
                <TraceRowItem
                  key={child.event.seq}
                  row={child}
                  bars={bars}
                  open={open}
                  setOpen={setOpen}
                  names={names}
                />
              ))}
            </ol>
          )}
        </>
      )}
    </li>
  )
}

const hasError = (rows: TraceRow[]): boolean => rows.some((r) => r.event.error !== null || hasError(r.children))
