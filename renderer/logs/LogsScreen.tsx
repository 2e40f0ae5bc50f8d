import { useCallback, useEffect, useMemo, useState } from 'react'
import { useStore } from 'zustand'
import type { FlowDocument } from '../../shared/flow/document'
import { getApi } from '../api'
import { navigate } from '../shell/route'
import { showOnCanvas } from './canvas-path'
import { openInEmulator } from './open-in-emulator'
import { downloadJson } from './download'
import { Filters } from './Filters'
import { Housekeeping } from './Housekeeping'
import { pillText } from './live'
import { RunList } from './RunList'
import { SaveTestDialog } from './SaveTestDialog'
import { savedSource, saveSource, SourcePicker } from './Source'
import { createLogsStore } from './store'
import { TraceView } from './TraceView'
import './logs.css'
import { ArrowLeft } from 'lucide-react'

/** A production server's runs are read again this often: nothing tells the studio when they change there. */
const REMOTE_POLL_MS = 3000

/** View Logs for one flow: #/flows/<id>/logs, with the open run in the route (#/flows/<id>/logs/<runId>). */
export function LogsScreen({ flowId, runId }: { flowId: string; runId: string | null }) {
  const [source, setSource] = useState<string | null>(() => savedSource(flowId))
  const store = useMemo(() => createLogsStore(flowId, source), [flowId, source])
  const from = useMemo(() => (source ? { serverId: source } : {}), [source])
  const chooseSource = useCallback(
    (serverId: string | null) => {
      saveSource(flowId, serverId)
      setSource(serverId)
      if (runId) navigate({ screen: 'logs', flowId })
    },
    [flowId, runId],
  )
  const s = useStore(store)
  const [doc, setDoc] = useState<FlowDocument | null>(null)
  const [kinds, setKinds] = useState<string[]>([])
  const [notice, setNotice] = useState<string | null>(null)
  const [housekeeping, setHousekeeping] = useState(false)
  const [savingTest, setSavingTest] = useState(false)
  const loadKinds = useCallback(async () => {
    const r = await getApi().call('logs.facets', { ...from, flowId })
    if (r.ok) setKinds(r.value.triggerKinds)
    else setNotice(`The trigger kinds for the filter could not be read: ${r.error.message}`)
  }, [from, flowId])

  useEffect(() => {
    void store.getState().setFilter({})
    // Without the flow the screen still lists its runs; without the facets the trigger filter offers no kinds.
    // Either failure is said, so a missing name or an empty filter is not taken for the truth.
    void getApi()
      .call('flows.get', { id: flowId })
      .then((r) => (r.ok ? setDoc(r.value.document) : setNotice(`The flow could not be read: ${r.error.message}`)))
    void loadKinds()
  }, [store, flowId, from, loadKinds])
  useEffect(() => void store.getState().open(runId), [store, runId])

  // A production server: new runs and delivery states are fetched every few seconds while the screen is open.
  useEffect(() => {
    if (!source) return
    const timer = setInterval(() => {
      void store.getState().live([])
      void store.getState().reloadTrace()
    }, REMOTE_POLL_MS)
    return () => clearInterval(timer)
  }, [store, source])

  // Live: runs of this flow from the emulator, the webhook or the CLI arrive as 'emulator.updated'; several in a
  // burst cost one round of requests.
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    let changed = new Set<string>()
    const soon = (runId: string | null) => {
      if (runId) changed.add(runId)
      clearTimeout(timer)
      timer = setTimeout(() => {
        const ids = [...changed]
        changed = new Set()
        void store.getState().live(ids)
        void loadKinds()
      }, 150)
    }
    if (source) return
    const offRun = getApi().on('emulator.updated', (e) => e.flowId === flowId && soon(e.runId))
    const offDel = getApi().on(
      'logs.changed',
      (e) => (e.flowId === null || e.flowId === flowId) && void store.getState().setFilter(store.getState().filter),
    )
    return () => {
      clearTimeout(timer)
      offRun()
      offDel()
    }
  }, [store, flowId, source, loadKinds])

  const more = useCallback(() => void store.getState().more(), [store])
  const atTop = useCallback((top: boolean) => store.getState().setAtTop(top), [store])
  const showNew = useCallback(() => void store.getState().refreshHead(), [store])
  const exportList = async () => {
    const r = await getApi().call('logs.export', { ...from, flowId, filter: s.filter, limit: 1000 })
    if (!r.ok) return setNotice(r.error.message)
    downloadJson(`${doc?.name ?? flowId}-logs.json`, r.value)
    setNotice(
      `Exported ${r.value.runs.length} runs${r.value.truncated ? ' (the newest 1000; narrow the filter for older ones)' : ''}.`,
    )
  }
  const exportRun = async (id: string) => {
    const r = await getApi().call('logs.export', { ...from, runId: id })
    if (r.ok) downloadJson(`run-${id}.json`, r.value)
    else setNotice(r.error.message)
  }

  /** Wake now / Cancel run on a waiting run: the list and the trace show the result at once. */
  const byHand = async (command: 'logs.wake' | 'logs.cancel', id: string) => {
    const r = await getApi().call(command, { runId: id })
    setNotice(r.ok ? (command === 'logs.wake' ? 'The run was woken.' : 'The run was cancelled.') : r.error.message)
    // The list is read again under its filter: a run no longer waiting leaves a "waiting on time" list.
    await store.getState().setFilter(store.getState().filter)
    await store.getState().reloadTrace()
  }

  return (
    <div className="logs-screen">
      <header className="logs-bar">
        <button type="button" onClick={() => navigate({ screen: 'flows' })}>
          <ArrowLeft size={14} aria-hidden="true" /> Flows
        </button>
        <h1>Logs · {doc?.name ?? flowId}</h1>
        <SourcePicker value={source} onChange={chooseSource} />
        <button type="button" onClick={() => navigate({ screen: 'editor', flowId })}>
          Open editor
        </button>
        <button type="button" onClick={() => void exportList()}>
          Export list
        </button>
        {/* A server keeps its runs by its own --retention-days (docs/runtime.md). */}
        {!source && (
          <button type="button" onClick={() => setHousekeeping((v) => !v)}>
            Retention…
          </button>
        )}
      </header>
      {housekeeping && !source && (
        <Housekeeping flowId={flowId} onClose={() => setHousekeeping(false)} onNotice={setNotice} />
      )}
      {notice && (
        <p className="logs-notice" role="status">
          {notice}
        </p>
      )}
      <Filters filter={s.filter} triggerKinds={kinds} onChange={(f) => void store.getState().setFilter(f)} />
      {s.error && (
        <p className="logs-notice error" role="alert">
          {s.error}
        </p>
      )}
      <div className={`logs-main${s.trace ? ' with-trace' : ''}`}>
        <RunList
          runs={s.runs}
          selectedId={runId}
          hasMore={s.next !== null}
          loading={s.loading}
          newRuns={pillText(s.fresh)}
          onSelect={(id) => navigate({ screen: 'logs', flowId, runId: id })}
          onMore={more}
          onAtTop={atTop}
          onShowNew={showNew}
          timeZone={doc?.settings?.timeZone}
        />
        {s.traceError && runId && (
          <p className="logs-notice error" role="alert">
            {s.traceError}
          </p>
        )}
        {s.trace && runId && (
          <TraceView
            key={s.trace.run.id}
            trace={s.trace}
            onShowOnCanvas={() => {
              if (!doc || !s.trace) return
              showOnCanvas(doc, s.trace)
              navigate({ screen: 'editor', flowId })
            }}
            onExport={() => void exportRun(s.trace!.run.id)}
            onSaveTest={() => setSavingTest(true)}
            onOpenInEmulator={() =>
              void openInEmulator(flowId, s.trace!, doc).then((error) => error && setNotice(error))
            }
            onClose={() => navigate({ screen: 'logs', flowId })}
            timeZone={doc?.settings?.timeZone}
            onWake={source ? undefined : () => byHand('logs.wake', s.trace!.run.id)}
            onCancel={source ? undefined : () => byHand('logs.cancel', s.trace!.run.id)}
          />
        )}
      </div>
      {savingTest && s.trace && (
        <SaveTestDialog
          run={s.trace.run}
          serverId={source}
          onClose={() => setSavingTest(false)}
          onSaved={(test) => {
            setSavingTest(false)
            setNotice(`Saved as the test "${test.name}": run it from the emulator's Tests tab or with chatflow test.`)
          }}
        />
      )}
    </div>
  )
}
