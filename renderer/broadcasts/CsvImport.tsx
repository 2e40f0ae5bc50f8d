import { useState } from 'react'
import type { BroadcastContact, RefusedRow } from '../../shared/broadcast'
import { api } from '../api'

/** Largest CSV read in the studio (100,000 contacts of a few columns fit well under it). */
const MAX_BYTES = 20 * 1024 * 1024

/**
 * A CSV of phone numbers (a `phone` column; the other columns become contact fields, `var.<name>` columns the
 * recipient's variables), chosen as a file or pasted. The back end validates each number and says which rows it
 * refused and why; those rows are listed here, the rest are the audience.
 */
export function CsvImport({
  imported,
  onImported,
}: {
  imported: BroadcastContact[] | null
  onImported(contacts: BroadcastContact[] | null): void
}) {
  const [text, setText] = useState('')
  const [country, setCountry] = useState('')
  const [refused, setRefused] = useState<RefusedRow[]>([])
  const [problem, setProblem] = useState<string | null>(null)
  const [reading, setReading] = useState(false)

  const read = async (csv: string) => {
    setProblem(null)
    if (!csv.trim()) return setProblem('Choose a CSV file or paste its text first.')
    setReading(true)
    const defaultCountry = country.trim().toUpperCase() || undefined
    const r = await api.call('broadcasts.importCsv', { text: csv, defaultCountry })
    setReading(false)
    if (!r.ok) {
      onImported(null)
      setRefused([])
      return setProblem(r.error.message)
    }
    setRefused(r.value.refused)
    onImported(r.value.contacts)
  }
  const choose = async (file: File | undefined) => {
    if (!file) return
    if (file.size > MAX_BYTES) return setProblem(`${file.name} is larger than 20 MB; split it into smaller files.`)
    const csv = await file.text()
    setText(csv)
    await read(csv)
  }

  return (
    <div className="csv-import">
      <label>
        CSV file
        <input type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} />
      </label>
      <label>
        Or paste the CSV
        <textarea
          rows={4}
          value={text}
          placeholder={'phone,name,city,var.offer\n+919800000001,Asha,Pune,DEC10'}
          onChange={(e) => {
            setText(e.target.value)
            onImported(null)
          }}
        />
      </label>
      <div className="csv-import-row">
        <label>
          Country for numbers without a +code (optional)
          <input value={country} maxLength={2} placeholder="IN" onChange={(e) => setCountry(e.target.value)} />
        </label>
        <button type="button" disabled={reading} onClick={() => void read(text)}>
          {reading ? 'Reading…' : 'Import CSV'}
        </button>
      </div>
      {problem && (
        <p className="field-problem" role="alert">
          {problem}
        </p>
      )}
      {imported && (
        <p className="flow-meta" role="status">
          {imported.length} {imported.length === 1 ? 'contact' : 'contacts'} imported
          {refused.length > 0 ? `, ${refused.length} ${refused.length === 1 ? 'row' : 'rows'} refused` : ''}.
        </p>
      )}
      {refused.length > 0 && (
        <table className="manual-results refused-rows" aria-label="Refused rows">
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Value</th>
              <th scope="col">Why</th>
            </tr>
          </thead>
          <tbody>
            {refused.map((r) => (
              <tr key={`${r.line}:${r.code}`} aria-label={`Line ${r.line}`}>
                <th scope="row">{r.line}</th>
                <td>{r.value}</td>
                <td title={r.code}>{r.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}
