import type { BroadcastView } from '../../shared/broadcast'
import { hrefFor } from '../shell/route'
import { Progress } from './Progress'
import { credits, STATUS_LABEL } from './model'

/** Every broadcast of the target, newest first, each with its status and progress; a link opens its results. */
export function BroadcastList({
  broadcasts,
  targetName,
  onNew,
}: {
  broadcasts: BroadcastView[]
  targetName: string
  onNew(): void
}) {
  if (broadcasts.length === 0)
    return (
      <div className="empty broadcasts-empty">
        <p>
          No broadcasts on {targetName} yet. A broadcast starts one flow for many contacts: a segment of your contacts
          by tags and fields, or a CSV file of phone numbers. A dry run first says how many would be sent, how many are
          blocked and why, and what it costs; then it runs at the channel&apos;s pace and you can pause or cancel it.
        </p>
        <div className="empty-actions">
          <button type="button" className="primary" onClick={onNew}>
            New broadcast
          </button>
        </div>
      </div>
    )
  return (
    <table className="contacts-table broadcasts-table" aria-label="Broadcasts">
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Status</th>
          <th scope="col">Progress</th>
          <th scope="col">Succeeded</th>
          <th scope="col">Failed</th>
          <th scope="col">Blocked</th>
          <th scope="col">Cost</th>
          <th scope="col">Created</th>
        </tr>
      </thead>
      <tbody>
        {broadcasts.map((b) => (
          <tr key={b.id} aria-label={b.name}>
            <th scope="row">
              <a href={hrefFor({ screen: 'broadcasts', broadcastId: b.id })}>{b.name}</a>
            </th>
            <td>
              <span className={`broadcast-status status-${b.status}`}>{STATUS_LABEL[b.status]}</span>
            </td>
            <td>
              <Progress counts={b.counts} label={`Progress of ${b.name}`} />
            </td>
            <td>{b.counts.sent}</td>
            <td>{b.counts.failed}</td>
            <td>{b.counts.blocked}</td>
            <td>{credits(b.counts.cost)}</td>
            <td title={new Date(b.createdAt).toLocaleString()}>{new Date(b.createdAt).toLocaleDateString()}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
