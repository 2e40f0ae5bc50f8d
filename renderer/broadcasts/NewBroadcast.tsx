import { useEffect, useState } from 'react'
import type { FlowSummary } from '../../shared/api'
import type { DryRunReport as Report } from '../../shared/broadcast'
import { api } from '../api'
import { Modal } from '../ui/Modal'
import { CsvImport } from './CsvImport'
import { DryRunReport } from './DryRunReport'
import { localZone } from './model'
import { ScheduleFields } from './ScheduleFields'
import { emptyForm, specOf, type BroadcastForm, type FormField } from './spec-form'
import { targetOf, type TargetKey } from './store'

/**
 * New broadcast: the flow, the audience (a segment, or an imported CSV with its refused rows), variables for every
 * recipient, when, and the pace. A dry run comes first and its report is shown; Start is offered only for the
 * broadcast as dry-run (any change asks for a new dry run).
 */
export function NewBroadcast({
  target,
  targetName,
  onClose,
  onStarted,
}: {
  target: TargetKey
  targetName: string
  onClose(): void
  onStarted(id: string): void
}) {
  const [form, setForm] = useState<BroadcastForm>(() => emptyForm(localZone()))
  const [flows, setFlows] = useState<FlowSummary[] | null>(null)
  const [problem, setProblem] = useState<{ field: FormField | null; message: string } | null>(null)
  const [report, setReport] = useState<Report | null>(null)
  const [working, setWorking] = useState<'dry' | 'start' | null>(null)

  useEffect(() => {
    void api.call('flows.list', { sort: 'name' }).then((r) => {
      if (r.ok) setFlows(r.value)
      else setProblem({ field: null, message: `The flows could not be read: ${r.error.message}` })
    })
  }, [])
  const change = (patch: Partial<BroadcastForm>) => {
    setForm((f) => ({ ...f, ...patch }))
    setReport(null)
    setProblem(null)
  }
  const invalid = (f: FormField) => (problem?.field === f ? true : undefined)

  const run = async (what: 'dry' | 'start') => {
    const read = specOf(form)
    if (!read.ok) return setProblem({ field: read.field, message: read.message })
    setWorking(what)
    setProblem(null)
    const req = { target: targetOf(target), spec: read.spec }
    if (what === 'dry') {
      const r = await api.call('broadcasts.dryRun', req)
      setWorking(null)
      if (r.ok) setReport(r.value.report)
      else setProblem({ field: null, message: r.error.message })
    } else {
      const r = await api.call('broadcasts.create', req)
      setWorking(null)
      if (r.ok) onStarted(r.value.broadcast.id)
      else setProblem({ field: null, message: r.error.message })
    }
  }

  return (
    <Modal labelledBy="new-broadcast-title" className="contact-form broadcast-form" onClose={onClose}>
      <h2 id="new-broadcast-title">New broadcast on {targetName}</h2>
      <label>
        Name
        <input
          autoFocus
          value={form.name}
          aria-invalid={invalid('name')}
          placeholder="December offer"
          onChange={(e) => change({ name: e.target.value })}
        />
      </label>
      <label>
        Flow
        <select
          value={form.flowId}
          aria-invalid={invalid('flowId')}
          onChange={(e) => change({ flowId: e.target.value })}
        >
          <option value="">{flows === null ? 'Loading flows…' : 'Choose a flow'}</option>
          {(flows ?? []).map((f) => (
            <option key={f.id} value={f.id}>
              {f.name}
            </option>
          ))}
        </select>
      </label>
      <fieldset>
        <legend>Who</legend>
        <div className="broadcast-choices" role="radiogroup" aria-label="Who">
          <label className="contact-optin">
            <input
              type="radio"
              name="audience"
              checked={form.audience === 'segment'}
              onChange={() => change({ audience: 'segment' })}
            />
            Contacts with tags and fields
          </label>
          <label className="contact-optin">
            <input
              type="radio"
              name="audience"
              checked={form.audience === 'contacts'}
              onChange={() => change({ audience: 'contacts' })}
            />
            Phone numbers from a CSV file
          </label>
        </div>
        {form.audience === 'segment' ? (
          <>
            <label>
              Tags (all of them; blank: every contact)
              <input value={form.tags} placeholder="vip, lapsed" onChange={(e) => change({ tags: e.target.value })} />
            </label>
            <label>
              Fields equal to (one per line)
              <textarea
                rows={2}
                value={form.fields}
                aria-invalid={invalid('fields')}
                placeholder="city = Pune"
                onChange={(e) => change({ fields: e.target.value })}
              />
            </label>
          </>
        ) : (
          <CsvImport imported={form.imported} onImported={(imported) => change({ imported })} />
        )}
      </fieldset>
      <label>
        Variables for every recipient (JSON, optional)
        <textarea
          rows={2}
          value={form.variables}
          aria-invalid={invalid('variables')}
          placeholder='{"offer": "DEC10"}'
          onChange={(e) => change({ variables: e.target.value })}
        />
      </label>
      <ScheduleFields
        form={form}
        problem={problem?.field ? { field: problem.field, message: '' } : null}
        onChange={change}
      />
      <label>
        Pace in messages per second (optional)
        <input
          inputMode="numeric"
          value={form.rate}
          aria-invalid={invalid('rate')}
          placeholder="the server's (80)"
          onChange={(e) => change({ rate: e.target.value })}
        />
      </label>
      {report && <DryRunReport report={report} />}
      {problem && (
        <p className="field-problem" role="alert">
          {problem.message}
        </p>
      )}
      <div className="dialog-actions">
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className={report ? undefined : 'primary'}
          disabled={working !== null}
          onClick={() => void run('dry')}
        >
          {working === 'dry' ? 'Checking…' : report ? 'Dry run again' : 'Dry run'}
        </button>
        {report && (
          <button
            type="button"
            className="primary"
            disabled={working !== null || report.willSend === 0}
            onClick={() => void run('start')}
          >
            {working === 'start' ? 'Starting…' : 'Start broadcast'}
          </button>
        )}
      </div>
    </Modal>
  )
}
