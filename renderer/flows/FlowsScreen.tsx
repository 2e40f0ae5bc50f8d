import { ThemeSwitch } from '../shell/ThemeSwitch'
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { FlowSort, FlowSummary } from '../../shared/api'
import { api } from '../api'
import { ConfirmDialog } from '../ui/ConfirmDialog'
import { Toast } from '../ui/Toast'
import { TriggerFlowDialog } from '../manual/TriggerFlowDialog'
import { TransferActions } from '../transfer/TransferActions'
import { NoFlows, NoMatches } from './EmptyState'
import { FlowRow } from './FlowRow'
import { useFlowHealth } from './health'
import { useFlows, visibleFlows } from './store'
import { useShortcuts } from './useShortcuts'
import { deleteCallersText, useCallers } from './callers'
import '../styles/flows.css'

// The examples (their flows, tests and the YAML reader that names the tests) load when the dialog first opens: they
// were a sixth of the first load's script, and most starts never open the catalogue.
const ExamplesDialog = lazy(() => import('./ExamplesDialog').then((m) => ({ default: m.ExamplesDialog })))

export function FlowsScreen({ onOpen }: { onOpen(flowId: string): void }) {
  const state = useFlows()
  const { flows, loaded, loadError, search, sort, error } = state
  const health = useFlowHealth()
  const [editing, setEditing] = useState<string | null>(null)
  const [confirming, setConfirming] = useState<FlowSummary | null>(null)
  const [deleted, setDeleted] = useState<FlowSummary | null>(null)
  const [triggering, setTriggering] = useState<FlowSummary | null>(null)
  const [examples, setExamples] = useState(false)
  const [now, setNow] = useState(Date.now())
  const searchRef = useRef<HTMLInputElement>(null)

  useEffect(() => {
    void useFlows.getState().load()
    let timer: ReturnType<typeof setTimeout> | undefined
    // Changes made elsewhere (another window, the editor, a CLI import) refresh the list.
    const off = api.on('flows.changed', () => {
      clearTimeout(timer)
      timer = setTimeout(() => void useFlows.getState().load(), 150)
    })
    // After the host comes back (restarted, or the laptop woke up), events may have been missed: reload.
    const offStatus = api.onStatus((status) => status === 'open' && void useFlows.getState().load())
    const tick = setInterval(() => setNow(Date.now()), 30_000)
    return () => {
      off()
      offStatus()
      clearTimeout(timer)
      clearInterval(tick)
    }
  }, [])

  const shown = useMemo(() => visibleFlows(flows, search, sort), [flows, search, sort])

  const create = useCallback(async () => {
    const flow = await useFlows.getState().create()
    if (flow) {
      setNow(Date.now())
      setEditing(flow.id)
    }
  }, [])
  const shortcuts = useMemo(() => ({ n: create, N: create, '/': () => searchRef.current?.focus() }), [create])
  useShortcuts(shortcuts, !confirming && !triggering && !examples && editing === null)

  const confirmDelete = async () => {
    const flow = confirming
    setConfirming(null)
    if (flow && (await state.remove(flow.id))) setDeleted(flow)
  }
  const dismissToast = useCallback(() => setDeleted(null), [])
  // Its callers are listed in the confirmation: deleting a flow other flows call makes their calls fail.
  const callers = useCallers(confirming?.id ?? null)

  return (
    <main className="flows-screen" aria-labelledby="flows-title">
      <header className="flows-header">
        <div>
          <p className="brand">Chatflow Studio</p>
          <h1 id="flows-title">Flows</h1>
        </div>
        <div className="flows-toolbar">
          <input
            ref={searchRef}
            type="search"
            placeholder="Search flows  ( / )"
            aria-label="Search flows"
            value={search}
            onChange={(e) => state.setSearch(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && state.setSearch('')}
          />
          <label className="sort">
            Sort by
            <select value={sort} onChange={(e) => state.setSort(e.target.value as FlowSort)}>
              <option value="updated">Last change</option>
              <option value="name">Name</option>
            </select>
          </label>
          <button type="button" className="primary" onClick={() => void create()} aria-keyshortcuts="N">
            New flow
          </button>
          <button type="button" onClick={() => setExamples(true)}>
            Examples…
          </button>
          <TransferActions flows={flows} />
          <a href="#/contacts">Contacts</a>
          <a href="#/broadcasts">Broadcasts</a>
          <a href="#/templates">Templates</a>
          <a href="#/catalog">Catalogue</a>
          <a href="#/settings">Settings</a>
          <ThemeSwitch />
        </div>
      </header>

      {error && (
        <div className="error-banner" role="alert">
          {error}
          <button type="button" aria-label="Dismiss error" onClick={state.dismissError}>
            ×
          </button>
        </div>
      )}

      {health.error && loaded && (
        <p className="error-banner" role="alert">
          {health.error}
        </p>
      )}

      {!loaded && loadError ? (
        <div className="error-banner" role="alert" aria-label="Flows not loaded">
          <span>The flows could not be loaded: {loadError}</span>
          <button type="button" onClick={() => void state.load()}>
            Try again
          </button>
        </div>
      ) : !loaded ? (
        <p className="loading" aria-busy="true">
          Loading flows…
        </p>
      ) : flows.length === 0 ? (
        <NoFlows onCreate={() => void create()} onExamples={() => setExamples(true)} />
      ) : shown.length === 0 ? (
        <NoMatches search={search} onClear={() => state.setSearch('')} />
      ) : (
        <ul className="flow-list" aria-label="Flows">
          {shown.map((flow) => (
            <FlowRow
              key={flow.id}
              flow={flow}
              now={now}
              editing={editing === flow.id}
              coverage={health.coverage[flow.id]}
              tests={health.tests[flow.id]}
              published={health.published[flow.id]}
              onOpen={() => onOpen(flow.id)}
              onStartRename={() => setEditing(flow.id)}
              onRename={async (name) => {
                const done = await state.rename(flow.id, name)
                if (done) setEditing(null)
                return done
              }}
              onCancelRename={() => setEditing(null)}
              onDuplicate={() => void state.duplicate(flow.id)}
              onDelete={() => setConfirming(flow)}
              onToggleActive={() => void state.setActive(flow.id, !flow.active)}
              onTrigger={() => setTriggering(flow)}
            />
          ))}
        </ul>
      )}

      {examples && (
        <Suspense fallback={null}>
          <ExamplesDialog
            onClose={() => setExamples(false)}
            onOpened={(id) => {
              setExamples(false)
              onOpen(id)
            }}
          />
        </Suspense>
      )}
      {triggering && <TriggerFlowDialog flow={triggering} onClose={() => setTriggering(null)} />}
      {confirming && (
        <ConfirmDialog
          title={`Delete “${confirming.name}”?`}
          body={`The flow and its history leave the list. You can undo this for a few seconds. ${deleteCallersText(callers)}`}
          confirmLabel="Delete flow"
          danger
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      )}
      {deleted && (
        <Toast
          message={`Deleted “${deleted.name}”.`}
          actionLabel="Undo"
          onAction={() => {
            void state.restore(deleted.id)
            setDeleted(null)
          }}
          onDismiss={dismissToast}
        />
      )}
    </main>
  )
}
