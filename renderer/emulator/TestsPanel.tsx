import { useCallback, useEffect, useState } from 'react'
import { useStore } from 'zustand'
import type { ConversationTestRecord } from '../../shared/api/commands/emulator-tests'
import type { ApiError } from '../../shared/api'
import { api } from '../api'
import { useEditor } from '../editor/context'
import { GenerateTests } from './GenerateTests'
import { UntestedTraffic } from './UntestedTraffic'
import { mocksFor, type HttpMode } from './mocks'
import type { EmulatorStore } from './session-store'
import { X } from 'lucide-react'

/** Save the conversation as a test, and run the flow's tests with pass/fail and what differed. */
export function TestsPanel({
  store,
  modes,
  onDebug,
}: {
  store: EmulatorStore
  modes: Record<string, HttpMode>
  /** After "Debug" on a test: the debug tab shows where it stopped. */
  onDebug(): void
}) {
  const flowId = useStore(store, (s) => s.flowId)
  const contact = useStore(store, (s) => s.contact)
  const run = useStore(store, (s) => s.session?.run ?? null)
  const lastTrigger = useStore(store, (s) => s.lastTrigger)
  const doc = useEditor((s) => s.doc)
  const [tests, setTests] = useState<ConversationTestRecord[]>([])
  const [name, setName] = useState('')
  const [error, setError] = useState<ApiError | null>(null)
  const [running, setRunning] = useState<'run' | 'record' | null>(null)
  const [open, setOpen] = useState<string | null>(null)
  // "Record model answers" is offered when a node asks a model, or a test says an answer is missing.
  const asksModel =
    doc.nodes.some((n) => (n.config as { provider?: unknown } | null)?.provider === 'model') ||
    tests.some((t) => t.lastRun?.failures.some((f) => f.lines.some((l) => l.startsWith('recording_missing'))))

  const load = useCallback(async () => {
    const r = await api.call('emulator.tests', { flowId })
    if (r.ok) setTests(r.value)
    else setError(r.error)
  }, [flowId])
  useEffect(() => void load(), [load])

  const save = async () => {
    if (!contact) return
    setError(null)
    const started = lastTrigger && lastTrigger.runId === run?.id ? lastTrigger : null
    const r = await api.call('emulator.saveTest', {
      flowId,
      contactId: contact.id,
      name: name.trim(),
      presets: (started?.presets ?? {}) as never,
      mocks: mocksFor(doc, modes) as never,
      window: started?.window,
    })
    if (!r.ok) return setError(r.error)
    setName('')
    setOpen(r.value.id)
    await load()
  }
  const runTests = async (ids?: string[], record = false) => {
    setRunning(record ? 'record' : 'run')
    setError(null)
    const r = await api.call('emulator.runTests', { flowId, ids, record })
    setRunning(null)
    if (!r.ok) return setError(r.error)
    await load()
    void store.getState().refreshCoverage()
  }
  const remove = async (id: string) => {
    const r = await api.call('emulator.deleteTest', { id })
    if (!r.ok) return setError(r.error)
    await load()
  }
  const download = (t: ConversationTestRecord) => {
    const a = document.createElement('a')
    a.href = URL.createObjectURL(new Blob([t.yaml], { type: 'text/yaml' }))
    a.download = `${t.name.replace(/[^\w-]+/g, '-')}.test.yaml`
    a.click()
    URL.revokeObjectURL(a.href)
  }

  return (
    <div className="emu-tests">
      <form
        className="emu-save"
        onSubmit={(e) => {
          e.preventDefault()
          void save()
        }}
      >
        <input aria-label="Test name" placeholder="Test name" value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" disabled={!run || !name.trim()} title={run ? '' : 'Start a test first'}>
          Save as test
        </button>
      </form>
      {error && (
        <p className="emu-error" role="alert">
          {error.message}
        </p>
      )}
      <GenerateTests
        flowId={flowId}
        onDone={() => {
          void load()
          void store.getState().refreshCoverage()
        }}
      />
      <UntestedTraffic
        flowId={flowId}
        testNames={tests.map((t) => t.name)}
        onSaved={async () => {
          await load()
          void store.getState().refreshCoverage()
        }}
      />
      <div className="emu-tests-bar">
        <strong>
          {tests.length} test{tests.length === 1 ? '' : 's'}
        </strong>
        <button type="button" onClick={() => void runTests()} disabled={!tests.length || !!running}>
          {running === 'run' ? 'Running…' : 'Run all'}
        </button>
        {asksModel &&
          (running === 'record' ? (
            <span role="status">
              Recording model answers…{' '}
              <button
                type="button"
                onClick={() => void api.call('emulator.cancelRecording', { flowId })}
                aria-label="Cancel recording model answers"
              >
                Cancel
              </button>
            </span>
          ) : (
            <button
              type="button"
              onClick={() => void runTests(undefined, true)}
              disabled={!tests.length || !!running}
              title="Plays every test against the model provider of Settings and writes its answers into the tests"
            >
              Record model answers
            </button>
          ))}
      </div>
      <ul className="emu-test-list">
        {tests.map((t) => (
          <li
            key={t.id}
            data-testid="conversation-test"
            data-status={t.lastRun ? (t.lastRun.passed ? 'passed' : 'failed') : 'not-run'}
          >
            <span className={`emu-badge emu-${t.lastRun ? (t.lastRun.passed ? 'pass' : 'fail') : 'none'}`}>
              {t.lastRun ? (t.lastRun.passed ? 'passed' : 'failed') : 'not run'}
            </span>
            <button type="button" className="emu-link" onClick={() => setOpen(open === t.id ? null : t.id)}>
              {t.name}
            </button>
            <button type="button" onClick={() => void runTests([t.id])} disabled={!!running}>
              Run
            </button>
            <button
              type="button"
              aria-label={`Debug ${t.name}`}
              title="Play it in the phone until the first breakpoint or the first expectation that fails, and stop there"
              disabled={!!running}
              onClick={() => {
                onDebug()
                void store.getState().debugTest(t.id)
              }}
            >
              Debug
            </button>
            <button type="button" onClick={() => download(t)}>
              Export
            </button>
            <button type="button" aria-label={`Delete ${t.name}`} onClick={() => void remove(t.id)}>
              <X size={14} aria-hidden="true" />
            </button>
            {t.lastRun?.recorded && (
              <p className="emu-live" role="status" aria-label={`Model answers of ${t.name}`}>
                {t.lastRun.recorded}
              </p>
            )}
            {!!t.lastRun?.live?.length && (
              <p className="emu-live" aria-label={`Live calls of ${t.name}`}>
                Called for real (live): {t.lastRun.live.join('; ')}
              </p>
            )}
            {t.lastRun && !t.lastRun.passed && (
              <div className="emu-diff" aria-label={`What changed in ${t.name}`}>
                {t.lastRun.failures.map((f, i) => (
                  <div key={i}>
                    <strong>{f.where}</strong>
                    <pre>
                      {f.lines.map((l, j) => (
                        <span
                          key={j}
                          className={l.startsWith('-') ? 'emu-del' : l.startsWith('+') ? 'emu-add' : undefined}
                        >
                          {l}
                          {'\n'}
                        </span>
                      ))}
                    </pre>
                  </div>
                ))}
              </div>
            )}
            {open === t.id && <pre className="emu-yaml">{t.yaml}</pre>}
          </li>
        ))}
      </ul>
    </div>
  )
}
