import type { ManualContactResult } from '../../shared/api/commands/manual'

const LABEL = { succeeded: 'Succeeded', failed: 'Failed', blocked: 'Blocked' } as const

const credits = (n: number) => `${n} ${n === 1 ? 'credit' : 'credits'}`

/** How a manual trigger went for each contact, with the message credits used. */
export function ManualResults({ results, totalCost }: { results: ManualContactResult[]; totalCost: number }) {
  return (
    <table className="manual-results" aria-label="Trigger results">
      <thead>
        <tr>
          <th scope="col">Contact</th>
          <th scope="col">Result</th>
          <th scope="col">Details</th>
          <th scope="col">Cost</th>
        </tr>
      </thead>
      <tbody>
        {results.map((r, i) => (
          <tr key={i} aria-label={r.name && r.name !== r.phone ? `${r.name} ${r.phone}` : (r.phone ?? r.target)}>
            <th scope="row">
              {r.name && r.name !== r.phone ? `${r.name} · ` : ''}
              {r.phone ?? r.target}
            </th>
            <td className={`status-${r.status}`}>{LABEL[r.status]}</td>
            <td>{r.error ? r.error.message : r.templates.map((t) => `${t.name} (${t.category})`).join(', ')}</td>
            <td>{credits(r.cost)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={3}>
            Total cost
          </th>
          <td aria-label="Total cost">{credits(totalCost)}</td>
        </tr>
      </tfoot>
    </table>
  )
}
