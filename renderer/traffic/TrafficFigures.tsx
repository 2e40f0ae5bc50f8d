import { useEditor, useEditorStore } from '../editor/context'
import { count, funnelLine, percent } from './format'
import { PERIODS } from './period'
import { dropOffRows, dropOffText, summaryRows } from './side-by-side'
import type { TrafficData } from './store'

/** What the Traffic panel read: the runs, the funnel to the goal, two versions side by side, or an empty state. */
export function TrafficFigures({
  data,
  folded,
  sourceName,
  kind,
}: {
  data: TrafficData
  folded: boolean
  /** The production server's name, or null for this studio. */
  sourceName: string | null
  kind: 'Version' | 'Revision'
}) {
  const doc = useEditor((s) => s.doc)
  const editor = useEditorStore()
  const name = (id: string) => doc.nodes.find((n) => n.id === id)?.name ?? id
  const show = (id: string) => {
    if (doc.nodes.some((n) => n.id === id)) editor.getState().select([id], [])
  }
  const r = data.report.runs
  const days = Math.round((Date.parse(data.to) - Date.parse(data.from)) / 86_400_000) + 1
  const period = (PERIODS.find((p) => p.days === days)?.label ?? `${data.from} to ${data.to}`).toLowerCase()
  const f = data.funnel
  const funnel = f && (
    <p className="traffic-funnel" data-testid="traffic-funnel">
      {data.compare ? `v${data.compare.a.version}: ` : ''}
      {funnelLine(name(f.goal), f)}
      {data.compare?.b.funnel && (
        <>
          <br />v{data.compare.b.version}: {funnelLine(name(f.goal), data.compare.b.funnel)}
        </>
      )}
    </p>
  )
  if (!r.started && !data.compare?.b.runs.started)
    return (
      <div className="traffic-empty">
        {funnel}
        <p>
          <strong>
            No runs started {sourceName ? `on ${sourceName}` : 'in this studio'} {period}
            {data.report.version !== null ? ` on ${kind.toLowerCase()} ${data.report.version}` : ''}.
          </strong>
        </p>
        {sourceName ? (
          <p>
            Publish this flow to {sourceName} (Publish…): each customer who starts it is counted here, with where they
            went and where they stopped.
          </p>
        ) : (
          <p>
            Runs are counted as they start: try the flow with Test (Alt+T), or let the webhook listener take messages,
            then look again. To see your customers’ runs, pick a production server in “Runs of”.
          </p>
        )}
        {data.report.versions.length > 0 && data.report.version !== null && (
          <p>
            {kind}s with runs in this period: {data.report.versions.join(', ')}.
          </p>
        )}
      </div>
    )
  return (
    <div className="traffic-figures">
      {funnel}
      {!folded && (
        <>
          {!data.compare && (
            <p className="traffic-summary" data-testid="traffic-summary">
              {count(r.started)} runs started {period}: {count(r.ended)} ended, {count(r.failed)} failed,{' '}
              {count(r.expired)} expired, {count(r.abandoned)} abandoned, {count(r.waiting)} waiting;{' '}
              {(Math.round(r.turnsPerRun * 10) / 10).toLocaleString('en-US')} turns per run.
            </p>
          )}
          {f && f.path.length > 0 && (
            <ol className="traffic-path" aria-label="Most taken path to the goal">
              {f.path.map((s) => (
                <li key={s.nodeId}>
                  <button type="button" onClick={() => show(s.nodeId)}>
                    {name(s.nodeId)} <span>{count(s.reached)}</span> <span>{percent(s.share)}</span>
                  </button>
                </li>
              ))}
            </ol>
          )}
          {data.compare && <SideBySide data={data} name={name} />}
          <p className="traffic-hint">
            Thicker, darker connections: more of the runs that reached a card took them. Hover or focus a connection or
            a card for its numbers; a card’s menu (right click, Shift+F10) sets it as the goal.
          </p>
        </>
      )}
    </div>
  )
}

function SideBySide({ data, name }: { data: TrafficData; name(id: string): string }) {
  const { a, b } = data.compare!
  const doc = useEditor((s) => s.doc)
  const drops = dropOffRows(doc, a, b)
  const head = (
    <tr>
      <th scope="col" />
      <th scope="col">v{a.version}</th>
      <th scope="col">v{b.version}</th>
    </tr>
  )
  return (
    <>
      <table className="traffic-table" aria-label="Side by side">
        <thead>{head}</thead>
        <tbody>
          {summaryRows(a, b).map((row) => (
            <tr key={row.label}>
              <th scope="row">{row.label}</th>
              <td>{row.a}</td>
              <td>{row.b}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {drops.length > 0 && (
        <table className="traffic-table" aria-label="Drop-off per node">
          <caption>Stopped at each node, of the runs that reached it</caption>
          <thead>{head}</thead>
          <tbody>
            {drops.map((row) => (
              <tr key={row.nodeId}>
                <th scope="row">{name(row.nodeId)}</th>
                <td>{dropOffText(row.a)}</td>
                <td>{dropOffText(row.b)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  )
}
