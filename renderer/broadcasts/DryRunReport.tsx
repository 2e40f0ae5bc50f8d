import type { DryRunReport as Report } from '../../shared/broadcast'
import { credits } from './model'

const BLOCKED: Record<keyof Report['blocked'], string> = {
  opted_out: 'Opted out',
  outside_window: 'Outside the 24-hour window (the flow does not start with a template)',
  invalid_number: 'Invalid number',
  with_person: 'With a person',
  duplicate: 'Listed twice',
}

const when = (ms: number | null) => (ms === null ? '—' : new Date(ms).toLocaleString())

/** What a broadcast would do, before anything is sent: sent and blocked counts with reasons, the cost, when. */
export function DryRunReport({ report }: { report: Report }) {
  const blocked = (Object.keys(BLOCKED) as Array<keyof Report['blocked']>).filter((k) => report.blocked[k] > 0)
  return (
    <section className="dry-run" aria-labelledby="dry-run-title">
      <h3 id="dry-run-title">Dry run</h3>
      <p className="dry-run-lead">
        Would send to <strong>{report.willSend.toLocaleString()}</strong> of {report.total.toLocaleString()}{' '}
        {report.total === 1 ? 'contact' : 'contacts'}
        {blocked.length === 0 ? '; none is blocked.' : '.'}
      </p>
      {!report.startsWithTemplate && (
        <p className="broadcast-note" role="note">
          The flow&apos;s first message is not a Template Message: only contacts who wrote in the last 24 hours can get
          it.
        </p>
      )}
      {blocked.length > 0 && (
        <table className="manual-results" aria-label="Blocked">
          <thead>
            <tr>
              <th scope="col">Blocked because</th>
              <th scope="col">Contacts</th>
            </tr>
          </thead>
          <tbody>
            {blocked.map((k) => (
              <tr key={k}>
                <th scope="row" className="status-blocked">
                  {BLOCKED[k]}
                </th>
                <td>{report.blocked[k].toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table className="manual-results" aria-label="Cost">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Message credits</th>
          </tr>
        </thead>
        <tbody>
          {(['MARKETING', 'UTILITY', 'AUTHENTICATION'] as const).map((k) => (
            <tr key={k}>
              <th scope="row">{k[0] + k.slice(1).toLowerCase()}</th>
              <td>{credits(report.cost[k])}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total cost</th>
            <td aria-label="Total cost">{credits(report.cost.total)}</td>
          </tr>
        </tfoot>
      </table>
      <p className="flow-meta">
        First message {when(report.firstAt)}, last {when(report.lastAt)}. {report.newConversations.toLocaleString()} new
        {report.newConversations === 1 ? ' conversation' : ' conversations'}
        {report.days > 1 ? `: ${report.days} days to get through the daily limit.` : '.'}
      </p>
    </section>
  )
}
