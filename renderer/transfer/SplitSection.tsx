import { useCallback, useEffect, useId, useState } from 'react'
import type { PublishedVersion } from '../../shared/api/commands/publish'
import type { FlowSplit } from '../../shared/api/commands/split'
import { api } from '../api'
import { splitCheck, splitSentence } from './split-form'

/**
 * The A/B split of the chosen flow on the chosen server (docs/publish-api.md, "Split"): what it is now, a form to
 * start or change it, and one button per version to end it keeping that version. Problems with what was typed show
 * beside the field; the server's refusals and unreadable states show in this section, where the user is looking.
 */
export function SplitSection(props: {
  serverId: string
  flowId: string
  history: PublishedVersion[]
  /** The running version changed (the split ended): the dialog reads its history again. */
  onEnded(): void
}) {
  const { serverId, flowId, history, onEnded } = props
  const id = useId()
  const [split, setSplit] = useState<FlowSplit | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  const [form, setForm] = useState({ a: '', b: '', percent: '10' })
  const [tried, setTried] = useState(false)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<{ text: string; error: boolean } | null>(null)

  const versions = [...history].sort((x, y) => x.version - y.version)
  const running = history.find((v) => v.active)?.version
  const newest = versions.at(-1)?.version

  const load = useCallback(async () => {
    if (!serverId || !flowId) return setSplit(null)
    const out = await api.call('publish.split.get', { serverId, flowId })
    setLoadError(out.ok ? null : `The split could not be read: ${out.error.message}`)
    const now = out.ok ? out.value.split : null
    setSplit(now)
    if (now) setForm({ a: String(now.versions[0]), b: String(now.versions[1]), percent: String(now.percent) })
  }, [serverId, flowId])
  useEffect(() => {
    setResult(null)
    setTried(false)
  }, [serverId, flowId])
  // Read again whenever the history changes: a publish or a rollback ends the split on the server.
  useEffect(() => void load(), [load, history])
  // A new flow or history: offer the running version against the newest as the split to try.
  useEffect(() => {
    if (split) return
    setForm((f) => ({
      ...f,
      a: running !== undefined ? String(running) : f.a,
      b:
        newest !== undefined && newest !== running
          ? String(newest)
          : (versions.find((v) => !v.active)?.version.toString() ?? ''),
    }))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [running, newest, split, flowId])

  const check = splitCheck(form)
  const start = async () => {
    setTried(true)
    if (!check.ok) return
    setBusy(true)
    setResult({ text: split ? 'Changing the split…' : 'Starting the split…', error: false })
    const out = await api
      .call('publish.split.set', { serverId, flowId, versions: check.versions, percent: check.percent })
      .finally(() => setBusy(false))
    if (!out.ok) return setResult({ text: out.error.message, error: true })
    setSplit(out.value)
    setTried(false)
    setResult({ text: `Split ${split ? 'changed' : 'started'}: ${splitSentence(out.value)}`, error: false })
  }
  const end = async (keep: number) => {
    setBusy(true)
    const out = await api.call('publish.split.end', { serverId, flowId, keep }).finally(() => setBusy(false))
    if (!out.ok) return setResult({ text: out.error.message, error: true })
    setSplit(null)
    setResult({
      text: `Split ended: every new conversation goes to version ${keep}; runs going on finish on theirs.`,
      error: false,
    })
    onEnded()
  }

  const set = (field: 'a' | 'b' | 'percent') => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }))
    setResult(null)
  }
  const fieldError = (field: 'versions' | 'percent') =>
    tried && !check.ok && check.field === field ? check.message : null
  const versionsError = fieldError('versions')
  const percentError = fieldError('percent')

  return (
    <section className="split-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Split new conversations</h3>
      {loadError && <p role="alert">{loadError}</p>}
      {!loadError && (
        <p className="transfer-note" aria-live="polite">
          {split
            ? `Running since ${new Date(split.since).toLocaleString()}: ${splitSentence(split)} Each contact keeps its version while the split lasts.`
            : running !== undefined
              ? `No split: every new conversation goes to version ${running}, the running one.`
              : 'No split.'}
        </p>
      )}
      {versions.length < 2 ? (
        <p className="transfer-note">
          Publish at least two versions to try a change on part of the traffic: send some new conversations to the new
          version, compare the two, then end the split keeping the better one.
        </p>
      ) : (
        <div className="split-form">
          {(['a', 'b'] as const).map((field) => {
            const label = field === 'a' ? 'Version A' : 'Version B'
            return (
              <label key={field}>
                {label}
                <select
                  aria-label={label}
                  value={form[field]}
                  onChange={set(field)}
                  aria-invalid={versionsError ? true : undefined}
                  aria-describedby={`${id}-versions`}
                >
                  {versions.map((v) => (
                    <option key={v.version} value={v.version}>
                      {v.version}
                      {v.active ? ' (running)' : ''}
                    </option>
                  ))}
                </select>
              </label>
            )
          })}
          <label>
            % to version B
            <input
              type="number"
              min={1}
              max={99}
              step={1}
              aria-label="% to version B"
              value={form.percent}
              onChange={set('percent')}
              aria-invalid={percentError ? true : undefined}
              aria-describedby={`${id}-percent`}
            />
          </label>
          <button
            type="button"
            className="primary"
            disabled={busy || !serverId}
            aria-busy={busy}
            onClick={() => void start()}
          >
            {split ? 'Change split' : 'Start split'}
          </button>
          <p id={`${id}-versions`} className="split-field-error" role={versionsError ? 'alert' : undefined}>
            {versionsError}
          </p>
          <p id={`${id}-percent`} className="split-field-error" role={percentError ? 'alert' : undefined}>
            {percentError}
          </p>
        </div>
      )}
      {split && (
        <div className="split-end">
          {split.versions.map((v) => (
            <button key={v} type="button" disabled={busy} onClick={() => void end(v)}>
              End split, keep version {v}
            </button>
          ))}
        </div>
      )}
      {result && (
        <p
          className={result.error ? 'split-result split-result-error' : 'split-result'}
          role={result.error ? 'alert' : 'status'}
        >
          {result.text}
        </p>
      )}
    </section>
  )
}
