import { useStore } from 'zustand'
import { hrefFor } from '../shell/route'
import { credits, RECIPIENT_STATES, STATE_LABEL, type RecipientStateName } from './model'
import type { createBroadcastsStore } from './store'

type Store = ReturnType<typeof createBroadcastsStore>

const templateName = (t: string | { name: string; category: string }) =>
  typeof t === 'string' ? t : `${t.name} (${t.category})`

/** The result for each contact (Succeeded, Failed or Blocked with the reason, the cost), filtered by state, a page at
 *  a time. */
export function RecipientsTable({ store }: { store: Store }) {
  const recipients = useStore(store, (s) => s.recipients)
  const filter = useStore(store, (s) => s.filter)
  const next = useStore(store, (s) => s.next)
  const loading = useStore(store, (s) => s.loadingRecipients)
  const b = useStore(store, (s) => s.open)
  // A studio run opens in this studio's Flow Logs; a server's runs are read there by choosing the server.
  const linkRuns = useStore(store, (s) => s.target === 'studio')
  const s = store.getState()
  return (
    <section className="broadcast-results" aria-labelledby="results-title">
      <div className="broadcast-results-head">
        <h3 id="results-title">Results per contact</h3>
        <label className="sort">
          Show
          <select
            value={filter ?? ''}
            onChange={(e) => void s.setFilter((e.target.value || null) as RecipientStateName | null)}
          >
            <option value="">Every contact</option>
            {RECIPIENT_STATES.map((state) => (
              <option key={state} value={state}>
                {STATE_LABEL[state]}
                {b ? ` (${b.counts[state]})` : ''}
              </option>
            ))}
          </select>
        </label>
      </div>
      {recipients.length === 0 ? (
        <p className="empty">
          {loading
            ? 'Loading…'
            : filter
              ? `No contact is ${STATE_LABEL[filter].toLowerCase()} in this broadcast.`
              : 'No recipients.'}
        </p>
      ) : (
        <table className="contacts-table" aria-label="Results">
          <thead>
            <tr>
              <th scope="col">Contact</th>
              <th scope="col">Result</th>
              <th scope="col">Reason</th>
              <th scope="col">Cost</th>
              <th scope="col">Templates</th>
              <th scope="col">When</th>
            </tr>
          </thead>
          <tbody>
            {recipients.map((r) => (
              <tr key={r.seq} aria-label={r.name ? `${r.name} ${r.phone}` : r.phone}>
                <th scope="row">
                  {r.name ? `${r.name} · ` : ''}
                  {r.phone}
                </th>
                <td className={`state-${r.state}`}>{STATE_LABEL[r.state]}</td>
                <td title={r.reason?.code}>{r.reason?.message ?? ''}</td>
                <td>{credits(r.cost)}</td>
                <td>{r.templates.map(templateName).join(', ')}</td>
                <td title={new Date(r.updatedAt).toLocaleString()}>
                  {r.runId && b && linkRuns ? (
                    <a
                      href={hrefFor({ screen: 'logs', flowId: b.flowId, runId: r.runId })}
                      aria-label={`The run of ${r.name ?? r.phone} in Flow Logs`}
                    >
                      {new Date(r.updatedAt).toLocaleTimeString()}
                    </a>
                  ) : (
                    new Date(r.updatedAt).toLocaleTimeString()
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {next !== null && (
        <button type="button" disabled={loading} onClick={() => void s.more()}>
          {loading ? 'Loading…' : 'Show more'}
        </button>
      )}
    </section>
  )
}
