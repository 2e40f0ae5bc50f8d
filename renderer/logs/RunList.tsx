import { useEffect, useRef, useState } from 'react'
import type { LogRun } from '../../shared/api/commands/logs'
import { formatDue } from '../time/due'
import { formatMs } from './model'
import { withPersonSince } from '../contacts/takeover'
import { ArrowUp, TriangleAlert } from 'lucide-react'

// The executions list, virtualised: only the rows in view (plus a margin) are in the DOM, so 100,000 loaded runs
// scroll like 100. Reaching the last screenful asks for the next keyset page. Deeper than the top, new runs wait
// behind the "N new runs" pill, which scrolls back up to them.

const ROW = 34
const MARGIN = 10

interface Props {
  runs: LogRun[]
  selectedId: string | null
  hasMore: boolean
  loading: boolean
  /** The pill's text ("3 new runs"), or null. */
  newRuns: string | null
  onSelect(id: string): void
  onMore(): void
  onAtTop(atTop: boolean): void
  onShowNew(): void
  /** The flow's time zone, for waiting runs' due times. */
  timeZone?: string
}

const dueTitle = (r: LogRun): string | undefined =>
  r.status === 'paused' && r.wakeAt !== null ? `Due ${new Date(r.wakeAt).toLocaleString()}` : undefined

export function RunList(props: Props) {
  const { runs, selectedId, hasMore, loading, newRuns, onSelect, onMore, onAtTop, onShowNew, timeZone } = props
  const box = useRef<HTMLDivElement>(null)
  const [scroll, setScroll] = useState(0)
  const [height, setHeight] = useState(600)
  useEffect(() => {
    const el = box.current
    if (!el) return
    const ro = new ResizeObserver(() => setHeight(el.clientHeight))
    ro.observe(el)
    return () => ro.disconnect()
  }, [])
  const first = Math.max(0, Math.floor(scroll / ROW) - MARGIN)
  const last = Math.min(runs.length, Math.ceil((scroll + height) / ROW) + MARGIN)
  useEffect(() => {
    if (hasMore && !loading && last >= runs.length - MARGIN) onMore()
  }, [hasMore, loading, last, runs.length, onMore])

  const onScroll = (top: number) => {
    setScroll(top)
    onAtTop(top < ROW / 2)
  }
  const showNew = () => {
    box.current?.scrollTo({ top: 0 })
    onShowNew()
  }

  return (
    <div className="logs-list-wrap">
      {newRuns && (
        <button type="button" className="logs-new-pill" onClick={showNew}>
          <ArrowUp size={12} aria-hidden="true" /> {newRuns}
        </button>
      )}
      <div
        className="logs-list"
        role="grid"
        aria-label="Executions"
        aria-rowcount={runs.length}
        ref={box}
        onScroll={(e) => onScroll(e.currentTarget.scrollTop)}
      >
        <div className="logs-list-head" role="row">
          <span role="columnheader">State</span>
          <span role="columnheader">Trigger</span>
          <span role="columnheader" title="The version each run started on (under an A/B split, the one it was given)">
            Version
          </span>
          <span role="columnheader">Contact</span>
          <span role="columnheader">Started</span>
          <span role="columnheader">Time</span>
          <span role="columnheader">Nodes</span>
          <span role="columnheader">Delivery</span>
        </div>
        <div style={{ height: runs.length * ROW, position: 'relative' }}>
          {runs.slice(first, last).map((r, i) => (
            <div
              key={r.id}
              role="row"
              aria-rowindex={first + i + 1}
              aria-selected={r.id === selectedId}
              data-run-id={r.id}
              className={`logs-row status-${r.status}${r.id === selectedId ? ' selected' : ''}`}
              style={{ top: (first + i) * ROW, height: ROW }}
              tabIndex={0}
              onClick={() => onSelect(r.id)}
              onKeyDown={(e) => e.key === 'Enter' && onSelect(r.id)}
            >
              <span
                role="gridcell"
                className={`logs-state${r.status === 'paused' && r.wakeAt !== null ? ' logs-waiting' : ''}`}
                title={dueTitle(r)}
              >
                {r.status === 'paused' && r.wakeAt !== null ? (
                  <>
                    waiting <span className="logs-due">until {formatDue(r.wakeAt, { now: Date.now(), timeZone })}</span>
                  </>
                ) : (
                  r.status
                )}
                {r.handover && r.handover.endedAt === null && (
                  <span className="logs-person" title={`${withPersonSince(r.handover.since, Date.now(), timeZone)}`}>
                    With a person
                  </span>
                )}
              </span>
              <span role="gridcell">{r.triggerKind}</span>
              <span
                role="gridcell"
                className="logs-version"
                title={r.version == null ? 'Started before versions were kept' : `Started on version ${r.version}`}
              >
                {r.version == null ? '' : `v${r.version}`}
              </span>
              <span role="gridcell" title={r.contact.phone}>
                {r.contact.name || r.contact.phone}
              </span>
              <span role="gridcell">{new Date(r.startedAt).toLocaleString()}</span>
              <span role="gridcell">{formatMs(r.execMs)}</span>
              <span role="gridcell">{r.nodeCount}</span>
              <span role="gridcell" className={r.failedDeliveries ? 'logs-delivery-failed' : undefined}>
                {r.failedDeliveries ? (
                  <>
                    <TriangleAlert size={12} aria-hidden="true" className="delivery-mark" /> {r.failedDeliveries} failed
                  </>
                ) : (
                  ''
                )}
              </span>
            </div>
          ))}
        </div>
        {!runs.length && !loading && <p className="logs-empty">No executions match.</p>}
        {loading && <p className="logs-loading">Loading…</p>}
      </div>
    </div>
  )
}
