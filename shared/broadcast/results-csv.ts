// A broadcast's results per contact as CSV (docs/runtime.md, "Broadcasts"), for a spreadsheet: a byte-order mark and
// CRLF as spreadsheet programs expect, quoted as the translations' CSV writer quotes.
import { csvField } from '../translate/csv'
import type { RecipientState, RecipientView } from './views'

export const RESULTS_COLUMNS = ['phone', 'name', 'status', 'reason_code', 'reason', 'run_id', 'cost', 'templates', 'at']

/** A recipient's state as the results name it: the manual trigger's Succeeded / Failed / Blocked, and the rest. */
export const STATUS_OF: Record<RecipientState, string> = {
  pending: 'pending',
  started: 'started',
  sent: 'succeeded',
  failed: 'failed',
  blocked: 'blocked',
  cancelled: 'cancelled',
}

export function resultsCsv(recipients: readonly RecipientView[]): string {
  const rows = [RESULTS_COLUMNS.join(',')]
  for (const r of recipients)
    rows.push(
      [
        r.phone,
        text(r.name ?? ''),
        STATUS_OF[r.state],
        r.reason?.code ?? '',
        text(r.reason?.message ?? ''),
        r.runId ?? '',
        String(r.cost),
        r.templates.join(';'),
        new Date(r.updatedAt).toISOString(),
      ]
        .map(csvField)
        .join(','),
    )
  return '\uFEFF' + rows.join('\r\n') + '\r\n'
}

/** Free text a spreadsheet would read as a formula (=, +, -, @ first) is kept as text. */
const text = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value)

/** `autumn-sale-brd_x.csv`: the broadcast's name as a file name, and its id so two of one name differ. */
export function resultsFileName(name: string, id: string): string {
  const base = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
  return `${base || 'broadcast'}-${id}.csv`
}
