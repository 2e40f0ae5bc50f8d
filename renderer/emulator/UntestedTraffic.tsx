import { useEffect, useState } from 'react'
import type { ApiError } from '../../shared/api'
import type { UntestedBranch, UntestedProgress, UntestedTraffic as Found } from '../../shared/api/commands/untested'
import { api } from '../api'
import { useEditor, useEditorStore } from '../editor/context'
import { portsOf } from '../editor/model'
import { branchLabel, freeTestName, lastDays, percent } from './untested'

const PERIODS = [
  { days: 1, label: 'Today' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
]

interface Server {
  id: string
  name: string
}

/**
 * "Untested traffic" in the Tests tab (docs/testing.md): the connections this studio's runs or a production server's
 * took over a period that no saved test takes, most runs first, each with "Save a run that took it as a test".
 * Finding them plays every saved test (progress, Cancel); saving one adds the test and looks again, so the branch
 * leaves the list.
 */
export function UntestedTraffic({
  flowId,
  testNames,
  onSaved,
}: {
  flowId: string
  testNames: readonly string[]
  onSaved: () => Promise<void> | void
}) {
  const doc = useEditor((s) => s.doc)
  const editor = useEditorStore()
  const [servers, setServers] = useState<Server[]>([])
  const [serverId, setServerId] = useState('')
  const [days, setDays] = useState(30)
  const [running, setRunning] = useState(false)
  const [cancelling, setCancelling] = useState(false)
  const [progress, setProgress] = useState<UntestedProgress | null>(null)
  const [found, setFound] = useState<(Found & { where: string }) | null>(null)
  const [error, setError] = useState<ApiError | null>(null)
  const [saving, setSaving] = useState<string | null>(null)
  const [saved, setSaved] = useState<string | null>(null)

  useEffect(() => {
    void api.call('publish.servers.list', {}).then((r) => r.ok && setServers(r.value.servers))
  }, [])
  useEffect(() => {
    setFound(null)
    setSaved(null)
    return api.on('tests.untestedProgress', (p) => p.flowId === flowId && setProgress(p))
  }, [flowId])

  const where = serverId ? (servers.find((s) => s.id === serverId)?.name ?? 'the server') : 'this studio'
  const find = async () => {
    setRunning(true)
    setCancelling(false)
    setProgress(null)
    setError(null)
    const r = await api.call('tests.untestedTraffic', {
      flowId,
      ...(serverId ? { serverId } : {}),
      ...lastDays(days, Date.now()),
    })
    setRunning(false)
    if (!r.ok) return setError(r.error)
    setFound({ ...r.value, where })
  }
  const cancel = async () => {
    setCancelling(true)
    const r = await api.call('tests.cancelUntested', { flowId })
    if (!r.ok) setError(r.error)
  }
  const save = async (b: UntestedBranch, label: string) => {
    if (!b.runId) return
    setSaving(b.runId)
    setError(null)
    setSaved(null)
    const name = freeTestName(`From ${found?.where ?? where}: ${label}`, testNames)
    const r = await api.call('logs.saveTest', { ...(serverId ? { serverId } : {}), runId: b.runId, name })
    setSaving(null)
    if (!r.ok) return setError(r.error)
    setSaved(r.value.name)
    await onSaved()
    await find()
  }
  const show = (b: UntestedBranch) => {
    const edge = doc.edges.find((e) => e.source === b.from && e.sourcePort === b.port && e.target === b.to)
    editor.getState().select([b.from], edge ? [edge.id] : [])
  }

  return (
    <section className="emu-untested-traffic" aria-labelledby="emu-untested-title">
      <h4 id="emu-untested-title">Untested traffic</h4>
      <div className="emu-untested-bar">
        <label>
          Runs of{' '}
          <select value={serverId} disabled={running} onChange={(e) => setServerId(e.target.value)}>
            <option value="">this studio</option>
            {servers.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Period{' '}
          <select value={days} disabled={running} onChange={(e) => setDays(Number(e.target.value))}>
            {PERIODS.map((p) => (
              <option key={p.days} value={p.days}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={() => void find()}
          disabled={running}
          title="Plays every saved test, then lists the branches the runs took that no test takes"
        >
          {running ? 'Finding…' : 'Find untested traffic'}
        </button>
        {running && (
          <button type="button" onClick={() => void cancel()} disabled={cancelling}>
            {cancelling ? 'Cancelling…' : 'Cancel'}
          </button>
        )}
      </div>
      {running && (
        <p role="status" className="emu-generate-progress">
          {progress && progress.total > 0
            ? `Playing the saved tests: ${progress.done} of ${progress.total}`
            : `Reading the runs of ${where}…`}
          {progress && progress.total > 0 && (
            <progress max={progress.total} value={progress.done} aria-label="Saved tests played" />
          )}
        </p>
      )}
      {error && (
        <p className="emu-error" role="alert">
          {error.message}
        </p>
      )}
      {saved && (
        <p role="status" className="emu-untested-saved">
          Saved the test “{saved}”.
        </p>
      )}
      {!found && !running && (
        <p className="emu-empty">
          Which branches do your customers take that no saved test covers? Choose whose runs (this studio’s, or a
          production server saved in the Publish dialog) and a period, then Find untested traffic: the saved tests are
          played as <code>chatflow test</code> plays them, and every branch the runs took that none of them takes is
          listed here, busiest first.
        </p>
      )}
      {found && !running && <Found found={found} doc={doc} saving={saving} onSave={save} onShow={show} />}
    </section>
  )
}

function Found({
  found,
  doc,
  saving,
  onSave,
  onShow,
}: {
  found: Found & { where: string }
  doc: Parameters<typeof branchLabel>[0]
  saving: string | null
  onSave(b: UntestedBranch, label: string): Promise<void>
  onShow(b: UntestedBranch): void
}) {
  const tests = `${found.tests} saved test${found.tests === 1 ? '' : 's'}${found.failedTests ? ` (${found.failedTests} failing)` : ''}`
  if (found.runs === 0)
    return (
      <p className="emu-empty" role="status">
        No runs of this flow started {found.where === 'this studio' ? 'in' : 'on'} {found.where} in the period. Untested
        traffic comes from real runs: publish the flow and let customers talk to it, or choose a longer period or
        another server.
      </p>
    )
  if (!found.branches.length)
    return (
      <p className="emu-untested-none" role="status">
        Every branch the {found.runs} run{found.runs === 1 ? '' : 's'} of {found.where} took is taken by the {tests}.
      </p>
    )
  return (
    <>
      <p className="emu-untested-summary">
        {found.runs} run{found.runs === 1 ? '' : 's'} of {found.where} · {tests} played ·{' '}
        <strong>
          {found.branches.length} branch{found.branches.length === 1 ? '' : 'es'} no test takes
        </strong>
      </p>
      <ul className="emu-untested-list" aria-label="Branches no saved test takes">
        {found.branches.map((b) => {
          const label = branchLabel(doc, b, portsOf)
          return (
            <li key={`${b.from}/${b.port}/${b.to}`} data-testid="untested-branch">
              <button type="button" className="emu-link" onClick={() => onShow(b)} title="Show it on the canvas">
                {label}
              </button>
              <span className="emu-untested-runs">
                {b.runs} run{b.runs === 1 ? '' : 's'} · {percent(b.share)}
              </span>
              <button
                type="button"
                onClick={() => void onSave(b, label)}
                disabled={!b.runId || saving !== null}
                aria-label={`Save a run that took ${label} as a test`}
                title={b.runId ? `Saves run ${b.runId} as a test` : 'No run that took it is kept any more'}
              >
                {saving === b.runId ? 'Saving…' : 'Save a run that took it as a test'}
              </button>
            </li>
          )
        })}
      </ul>
    </>
  )
}
