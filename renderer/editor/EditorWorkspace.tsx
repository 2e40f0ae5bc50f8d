import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import type { FlowRecord } from '../../shared/api'
import { api } from '../api'
import { FlowCanvas } from '../canvas/FlowCanvas'
import { Palette } from '../canvas/Palette'
import { startAutosave, type Autosave, type SaveFn, type SaveStatus } from './autosave'
import { EditorContext } from './context'
import { HelpOverlay } from './HelpOverlay'
import { Notice } from './Notice'
import { ProblemsPanel } from './ProblemsPanel'
import { useProblems } from './problems'
import { SearchBar } from './SearchBar'
import { useShortcuts } from './shortcuts'
import { createEditorStore } from './store'
import { Toolbar } from './Toolbar'
import { useStore } from 'zustand'
import { useOverlayStore } from '../emulator/overlay-store'
import { EmulatorToggle } from '../emulator/EmulatorToggle'
import { TrafficPanel } from '../traffic/TrafficPanel'
import { useTraffic } from '../traffic/store'
import { useKeptCoverage } from '../emulator/kept-coverage'
import { useCompareStore } from '../compare/compare-store'
import { useCompareAddress } from '../compare/deep-link'
import { breakpointsSettled, breakpointsWritten, useBreakpointSync } from './breakpoint-sync'

// Loaded when first opened: its country list and business-number check come with libphonenumber-js.
const FlowSettingsPanel = lazy(() => import('./FlowSettingsPanel'))
// Also loaded when first opened, so opening a flow loads only the canvas: the panels bring the code editors
// (CodeMirror), the emulator the phone, YAML and the tests (docs/canvas.md, "Scale": open time).
const NodePanel = lazy(() => import('../panels/NodePanel').then((m) => ({ default: m.NodePanel })))
const ComparePanel = lazy(() => import('../compare/ComparePanel').then((m) => ({ default: m.ComparePanel })))
const RevisionsPanel = lazy(() => import('./RevisionsPanel').then((m) => ({ default: m.RevisionsPanel })))
const BreakpointsPanel = lazy(() => import('./BreakpointsPanel'))
const WebhookSidePanel = lazy(() => import('./WebhookSidePanel').then((m) => ({ default: m.WebhookSidePanel })))
const EmulatorPanel = lazy(() => import('../emulator/EmulatorPanel').then((m) => ({ default: m.EmulatorPanel })))

/** The panels beside the canvas the toolbar opens. */
type Side = 'revisions' | 'webhook' | 'settings' | 'breakpoints'

const saveFlow: SaveFn = async (document, expectedRevision) => {
  const r = await api.call('flows.save', { document, expectedRevision })
  return r.ok ? { ok: true, value: { revision: r.value.revision } } : r
}

/** The editor around one loaded flow: owns its store and autosave for as long as the flow is open. */
export function EditorWorkspace({
  flow,
  onBack,
  notice = null,
}: {
  flow: FlowRecord
  onBack(): void
  /** Said on opening: why the comparison the address asked for is not shown. */
  notice?: string | null
}) {
  const store = useMemo(() => {
    const s = createEditorStore(flow.document)
    if (notice) s.setState({ notice: `The comparison could not be opened: ${notice}` })
    return s
  }, [flow, notice])
  const [status, setStatus] = useState<SaveStatus>({ state: 'saved', revision: flow.revision })
  const saver = useRef<Autosave | null>(null)
  const [searching, setSearching] = useState(false)
  const [help, setHelp] = useState(false)
  const [side, setSide] = useState<Side | null>(null)
  // One panel beside the canvas at a time, the last one asked for: a toolbar panel hides the card's settings, and
  // opening a card's settings (a click, Enter, a problem, a new node) puts them in front again. Without this a click
  // on a card did nothing visible while Breakpoints or Revisions stayed open.
  const toggleSide = (which: Side) => {
    if (side === which) return setSide(null)
    store.getState().openPanel(null)
    setSide(which)
  }
  useEffect(
    () =>
      store.subscribe((now, before) => {
        if (now.panelNodeId !== null && now.panelNodeId !== before.panelNodeId) setSide(null)
      }),
    [store],
  )
  const panelNodeId = useStore(store, (s) => s.panelNodeId)
  const emulatorOpen = useOverlayStore((s) => s.open)
  const comparing = useCompareStore((s) => s.flowId === flow.id)

  useEffect(() => {
    // Resumes from the revision last saved, so a remount (React's StrictMode does one) keeps saving in sequence.
    const last = saver.current?.status()
    const current = startAutosave(store, saveFlow, last?.state === 'saved' ? last.revision : flow.revision)
    saver.current = current
    const off = current.onStatus(setStatus)
    // Leaving the page or hiding it writes what is pending at once, so closing loses nothing already typed.
    const flush = () => void current.flush()
    const onHide = () => document.visibilityState === 'hidden' && flush()
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', onHide)
    return () => {
      off()
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', onHide)
      void current.flush().then(() => current.stop())
    }
  }, [store, flow.revision])

  const trafficOn = useTraffic((s) => s.on)
  useProblems(store)
  useCompareAddress(flow, store)
  useKeptCoverage(flow.id, store)
  const flushNow = useCallback(() => saver.current?.flush() ?? Promise.resolve(), [])
  useBreakpointSync(flow.id, store, flushNow)
  // A test run waits for the draft and the breakpoints just set: it runs with what the canvas shows. With nothing
  // to write, null: the emulator sends its request at once, not a few promise turns later (after its busy render).
  const flushForRun = useCallback(
    () =>
      (saver.current?.settled() ?? true) && breakpointsSettled(store)
        ? null
        : flushNow().then(() => breakpointsWritten(store)),
    [flushNow, store],
  )

  const handlers = useMemo(
    () => ({
      openSearch: () => setSearching(true),
      toggleHelp: () => setHelp((h) => !h),
      escape: () => {
        if (help) setHelp(false)
        else if (searching) setSearching(false)
        else if (useCompareStore.getState().flowId) useCompareStore.getState().close()
        else if (side) setSide(null)
        else store.getState().openPanel(null)
      },
    }),
    [help, searching, side, store],
  )
  const back = useCallback(() => void flushNow().then(onBack), [flushNow, onBack])

  return (
    <EditorContext.Provider value={store}>
      <ShortcutScope handlers={handlers} />
      <div className="editor">
        <Toolbar
          onBack={back}
          status={status}
          onSearch={() => setSearching(true)}
          onHelp={() => setHelp(true)}
          onRevisions={() => toggleSide('revisions')}
          onWebhook={() => toggleSide('webhook')}
          onSettings={() => toggleSide('settings')}
          onBreakpoints={() => toggleSide('breakpoints')}
          onOverwrite={() => void saver.current?.overwrite()}
        />
        {searching && <SearchBar onClose={() => setSearching(false)} />}
        <div className="editor-body">
          <Palette />
          <main className="editor-canvas">
            <FlowCanvas />
            <Notice />
            <EmulatorToggle />
          </main>
          {trafficOn && <TrafficPanel />}
          <Suspense fallback={null}>{emulatorOpen && <EmulatorPanel flowId={flow.id} flush={flushForRun} />}</Suspense>
          <Suspense fallback={<aside className="node-panel" aria-busy="true" />}>
            {comparing ? (
              <ComparePanel flowId={flow.id} flush={flushNow} />
            ) : side === 'revisions' ? (
              <RevisionsPanel flowId={flow.id} onClose={() => setSide(null)} flush={flushNow} />
            ) : side === 'webhook' ? (
              <WebhookSidePanel flowId={flow.id} onClose={() => setSide(null)} />
            ) : side === 'breakpoints' ? (
              <BreakpointsPanel onClose={() => setSide(null)} />
            ) : side === 'settings' ? (
              <FlowSettingsPanel onClose={() => setSide(null)} />
            ) : (
              panelNodeId && <NodePanel key={panelNodeId} nodeId={panelNodeId} />
            )}
          </Suspense>
        </div>
        <ProblemsPanel />
      </div>
      {help && <HelpOverlay onClose={() => setHelp(false)} />}
    </EditorContext.Provider>
  )
}

function ShortcutScope({ handlers }: { handlers: Parameters<typeof useShortcuts>[0] }) {
  useShortcuts(handlers)
  return null
}
