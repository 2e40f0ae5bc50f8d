import { useEffect, useMemo, useRef, useState } from 'react'
import { useStore } from 'zustand'
import type { EmulatorSession, FlowCoverage } from '../../shared/api/commands/emulator'
import { api } from '../api'
import { formatDue, formatSpan } from '../time/due'
import { useEditor } from '../editor/context'
import { ContactPanel } from './ContactPanel'
import { CoveragePanel } from './CoveragePanel'
import { HttpModes } from './HttpModes'
import { Inspector } from './Inspector'
import { httpNodes, mocksFor, type HttpMode } from './mocks'
import { overlayOf } from './overlay'
import { callerShown, notePassedThrough, sessionShown } from './through-runs'
import { useOverlayStore } from './overlay-store'
import { Phone } from './Phone'
import { SkipAhead } from './SkipAhead'
import { createEmulatorStore } from './session-store'
import { StartPanel } from './StartPanel'
import { TestsPanel } from './TestsPanel'
import { DebugPanel } from './DebugPanel'
import { PersonPanel } from './PersonPanel'
import { since } from '../contacts/takeover'
import { useRunFromStore } from './run-from-store'
import { decisionsBefore, traceOfMessage } from './trace-link'
import { TraceStep } from './TraceStep'
import './emulator.css'
import { Circle, X } from 'lucide-react'
import { startsFlow } from '../../shared/nodes/behaviour-of'

type Tab = 'start' | 'person' | 'debug' | 'variables' | 'step' | 'coverage' | 'tests'
const TABS: Array<[Tab, string]> = [
  ['start', 'Start'],
  ['person', 'Person'],
  ['debug', 'Debug'],
  ['variables', 'Variables'],
  ['step', 'Step'],
  ['coverage', 'Coverage'],
  ['tests', 'Tests'],
]

/** Failures a tester fixes in a library screen rather than in the flow: where. */
const FIX_AT: Record<string, [string, string]> = {
  template_not_found: ['#/templates', 'Open the template library'],
  product_not_found: ['#/catalog', 'Open the product catalogue'],
  products_not_found: ['#/catalog', 'Open the product catalogue'],
}

/** "paused", "ended (expired)", or for a run waiting on time "waiting until 14:30" on the emulator's clock. */
function runStatus(run: NonNullable<EmulatorSession['run']>, now: number, timeZone?: string): string {
  if (run.status === 'paused' && run.wakeAt !== null) return `waiting until ${formatDue(run.wakeAt, { now, timeZone })}`
  return `${run.status}${run.endReason ? ` (${run.endReason})` : ''}`
}

/** The phone emulator beside the canvas; renders nothing while closed (the Test button opens it). */
export function EmulatorPanel({ flowId, flush }: { flowId: string; flush(): Promise<unknown> }) {
  const open = useOverlayStore((s) => s.open)
  return open ? <OpenPanel flowId={flowId} flush={flush} /> : null
}

function OpenPanel({ flowId, flush }: { flowId: string; flush(): Promise<unknown> }) {
  const doc = useEditor((s) => s.doc)
  const docRef = useRef(doc)
  docRef.current = doc
  const [modes, setModes] = useState<Record<string, HttpMode>>({})
  const modesRef = useRef(modes)
  modesRef.current = modes
  const store = useMemo(
    () => createEmulatorStore(flowId, { flush, mocks: () => mocksFor(docRef.current, modesRef.current) }),
    [flowId, flush],
  )
  const session = useStore(store, (s) => s.session)
  const coverage = useStore(store, (s) => s.coverage)
  const notice = useStore(store, (s) => s.notice)
  const error = useStore(store, (s) => s.error)
  const busy = useStore(store, (s) => s.busy)
  const enforceWindow = useStore(store, (s) => s.enforceWindow)
  const [tab, setTab] = useState<Tab>('start')
  const [selected, setSelected] = useState<number | null>(null)
  // A new pause (or "Run from here" asked on a card) brings the Debug tab forward: that is where the user looks next.
  const pausedKey = useStore(store, (s) => {
    const p = s.session?.debug?.paused
    return p ? `${s.session?.run?.id}:${p.nodeId}:${p.reason}:${s.session?.trace.length}` : null
  })
  useEffect(() => {
    if (pausedKey) setTab('debug')
  }, [pausedKey])
  // A takeover (a Hand over node reached, or started here) brings the person's side forward.
  const handoverId = useStore(store, (s) => s.session?.person?.handover.id ?? null)
  useEffect(() => {
    if (handoverId) setTab('person')
  }, [handoverId])
  const runFromSeq = useRunFromStore((s) => s.seq)
  useEffect(() => {
    if (runFromSeq) setTab('debug')
  }, [runFromSeq])

  useEffect(() => void store.getState().init(), [store])
  // Runs made elsewhere (webhook, CLI tests, another window) change coverage too; a webhook run is shown in the phone.
  useEffect(
    () =>
      api.on('emulator.updated', (e) => {
        if (e.flowId !== flowId) return
        void store.getState().refreshCoverage()
        if (e.source === 'webhook' && e.runId) void store.getState().follow(e.contactId, e.runId)
        // The studio's timer woke this contact's run: the phone shows what it sent.
        if (e.source === 'wake' && e.contactId === store.getState().contact?.id) void store.getState().reload()
      }),
    [store, flowId],
  )
  // The canvas's overlay follows the session in the same update as the panel: set from the store's own notification,
  // not from an effect after the panel's commit, which drew the canvas in a second pass, a frame or more later
  // (issue 32: a Step's current card came last). Set again when the document changes.
  useEffect(() => {
    const push = ({ session, coverage }: { session: EmulatorSession | null; coverage: FlowCoverage | null }) => {
      const o = useOverlayStore.getState()
      notePassedThrough(session, docRef.current.name)
      o.setOverlay(overlayOf(docRef.current, sessionShown(flowId, session), coverage))
      o.setVisible(true)
    }
    push(store.getState())
    return store.subscribe((s, prev) => {
      if (s.session !== prev.session || s.coverage !== prev.coverage) push(s)
    })
  }, [store, flowId, doc])
  useEffect(() => () => useOverlayStore.getState().setVisible(false), [])

  // Once per document, not per render (a Step renders the panel several times: busy, the session, coverage).
  const triggerNames = useMemo(() => doc.nodes.filter((n) => startsFlow(n.type)).map((n) => n.name), [doc.nodes])
  const nodeNames = useMemo(() => doc.nodes.map((n) => n.name), [doc.nodes])
  const step = session && selected !== null ? traceOfMessage(session.messages[selected], session.trace) : null
  const run = session?.run
  const s = store.getState()
  const offset = session?.clockOffsetMs ?? 0
  const clockNow = Date.now() + offset
  const statusText = run ? runStatus(run, clockNow, doc.settings?.timeZone) : 'no run'
  const through = callerShown(flowId, session)

  return (
    <aside className="emulator" aria-label="Emulator">
      <header className="emu-bar">
        <strong>Test</strong>
        <span className="emu-status" data-testid="run-status" title={statusText}>
          {statusText}
        </span>
        {offset > 0 && (
          <span className="emu-clock" title={`The emulator's clock: ${new Date(clockNow).toLocaleString()}`}>
            Clock +{formatSpan(offset)}
          </span>
        )}
        <button type="button" onClick={() => void s.restart()} disabled={busy}>
          Restart
        </button>
        <button type="button" onClick={() => void s.newContact()} disabled={busy}>
          New contact
        </button>
        <SkipAhead
          wakeAt={run?.status === 'paused' ? run.wakeAt : null}
          now={clockNow}
          timeZone={doc.settings?.timeZone}
          disabled={busy}
          onSkip={(to) => void s.skip(to)}
        />
        <label
          className="emu-switch"
          title="Refuse free-form messages outside the customer's 24-hour window, and anything business-initiated to an opted-out contact, as production does"
        >
          <input type="checkbox" checked={enforceWindow} onChange={(e) => s.setEnforceWindow(e.target.checked)} />
          Enforce 24 h window
        </label>
        <button type="button" aria-label="Close emulator" onClick={() => useOverlayStore.getState().toggleOpen()}>
          <X size={14} aria-hidden="true" />
        </button>
      </header>
      {through && (
        <p className="emu-notice" role="status">
          The canvas shows the steps a run of “{through.flowName}” took in this flow; the phone is this flow&apos;s own
          test.
        </p>
      )}
      {session?.person && (
        <p className="emu-person-banner" role="status" aria-label="With a person">
          <strong>With a person</strong> · {since(session.person.handover.since, clockNow)}: the bot stays silent; what
          the customer writes is kept for the person (the Person tab).
        </p>
      )}
      {notice && (
        <p className="emu-notice" role="status">
          {notice}
        </p>
      )}
      {error && (
        <p className="emu-error" role="alert">
          {error.message}
        </p>
      )}
      {run?.error && (
        <p className="emu-error" role="alert">
          Run failed: {run.error.message}
          {FIX_AT[run.error.code] && (
            <>
              {' '}
              <a href={FIX_AT[run.error.code]![0]}>{FIX_AT[run.error.code]![1]}</a>
            </>
          )}
        </p>
      )}
      <div className="emu-body">
        <Phone
          store={store}
          doc={doc}
          selected={selected}
          onSelect={(i) => {
            setSelected(i)
            if (i !== null) setTab('step')
          }}
        />
        <div className="emu-side">
          <nav className="emu-tabs" role="tablist">
            {TABS.map(([id, label]) => (
              <button key={id} type="button" role="tab" aria-selected={tab === id} onClick={() => setTab(id)}>
                {label}
                {id === 'debug' && pausedKey && (
                  <Circle className="emu-tab-paused" size={8} fill="currentColor" role="img" aria-label="paused" />
                )}
                {id === 'person' && handoverId && (
                  <Circle
                    className="emu-tab-person"
                    size={8}
                    fill="currentColor"
                    role="img"
                    aria-label="with a person"
                  />
                )}
                {id === 'coverage' && coverage ? ` ${coverage.percent}%` : ''}
              </button>
            ))}
          </nav>
          <div className="emu-tab" role="tabpanel">
            {tab === 'start' && (
              <>
                <StartPanel store={store} doc={doc} />
                <HttpModes names={httpNodes(doc)} modes={modes} onChange={setModes} />
                <ContactPanel store={store} doc={doc} />
              </>
            )}
            {tab === 'person' && <PersonPanel store={store} />}
            {tab === 'debug' && (
              <DebugPanel store={store} doc={doc} triggerNames={triggerNames} nodeNames={nodeNames} />
            )}
            {tab === 'variables' && <Inspector store={store} triggerNames={triggerNames} nodeNames={nodeNames} />}
            {tab === 'step' && (
              <TraceStep event={step} decisions={step && session ? decisionsBefore(step, session.trace) : []} />
            )}
            {tab === 'coverage' && <CoveragePanel store={store} />}
            {tab === 'tests' && <TestsPanel store={store} modes={modes} onDebug={() => setTab('debug')} />}
          </div>
        </div>
      </div>
    </aside>
  )
}
