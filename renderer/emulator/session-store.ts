import { createStore, type StoreApi } from 'zustand/vanilla'
import type {
  CustomerEvent,
  EmulatorContact,
  EmulatorOutcome,
  EmulatorSession,
  EmulatorTrigger,
  FlowCoverage,
} from '../../shared/api/commands/emulator'
import type { SavedWindow } from '../../shared/api/commands/emulator-tests'
import type { Skip } from '../../shared/api/commands/emulator-clock'
import type { ApiError, Result } from '../../shared/api'
import { api as studioApi, type ApiClient } from '../api'
import type { MockSpec } from './mocks'
import { keepEqual } from './keep-equal'

// One emulator panel's state: the test contact, the session the back end returned last, coverage, and what the
// phone shows while a step runs (the typing indicator). Every action saves the open flow first (`flush`, null when
// nothing waits to be written), so the run always sees what is on the canvas.

export interface EmulatorState {
  flowId: string
  contact: EmulatorContact | null
  session: EmulatorSession | null
  coverage: FlowCoverage | null
  /** The customer's message shown at once, before the back end answers. */
  pending: CustomerEvent | null
  busy: boolean
  notice: string | null
  error: ApiError | null
  /** Set on each action; a message the customer sends before the last answer is kept in order. */
  lastTrigger: {
    trigger: EmulatorTrigger
    triggerNodeId?: string
    startNodeId?: string
    presets: Record<string, unknown>
    runId?: string
    /** With the window enforced: the contact as the run found it, so a saved test replays under the same rules. */
    window?: SavedWindow
  } | null
  /** Enforce the 24-hour window and opt-out on the bot's sends, as production does (off by default). */
  enforceWindow: boolean
  setEnforceWindow(on: boolean): void
  init(): Promise<void>
  start(
    trigger: EmulatorTrigger,
    opts?: { triggerNodeId?: string; startNodeId?: string; presets?: Record<string, unknown> },
  ): Promise<void>
  send(event: CustomerEvent): Promise<void>
  restart(): Promise<void>
  newContact(): Promise<void>
  /** Moves the contact's emulator clock on (to the due time, or by an amount): a due run wakes, an expired one ends. */
  skip(to: Skip): Promise<void>
  updateContact(patch: {
    name?: string
    optedIn?: boolean
    fields?: Record<string, unknown>
    language?: string | null
  }): Promise<void>
  setVariables(set: Record<string, unknown>, unset?: string[]): Promise<void>
  refreshCoverage(): Promise<void>
  /** Reads the contact's session again (a run the studio's timer woke), unless a step of the tester's is in flight. */
  reload(): Promise<void>
  /** Shows a run made outside the emulator (a webhook request): its contact, conversation and trace. */
  follow(contactId: string, runId: string): Promise<void>
  /** The debugger is attached: starts and answers stop at the flow's enabled breakpoints (debug.attach). */
  debugOn: boolean
  setDebug(on: boolean): Promise<void>
  /** Continue (to the next breakpoint), Step (stop before the next node), Stop (end the run). */
  debugGo(how: 'continue' | 'step' | 'stop'): Promise<void>
  /** Answers the waiting node from the debug panel and stops before the next node. */
  stepOver(event: CustomerEvent): Promise<void>
  /** Sets a variable (or a node's output) of the paused run from JSON text; the refusal is answered, not shown here. */
  setDebugValue(target: { path: string } | { nodeName: string }, json: string): Promise<ApiError | null>
  /** Runs what follows `nodeId` with the current variables, or these. */
  runFrom(nodeId: string, vars?: Record<string, unknown>): Promise<ApiError | null>
  setWatches(expressions: string[]): Promise<void>
  /** Plays a saved test under the debugger to its first breakpoint or failed expectation. */
  debugTest(testId: string): Promise<void>
  /** The person's part (docs/emulator.md, "Playing the person"): take the conversation, write, hand it back. A
   *  refusal is answered for the person's panel to show beside what was typed. */
  handover(note?: string, until?: number): Promise<ApiError | null>
  personReply(text: string): Promise<ApiError | null>
  handBack(variables: Record<string, unknown>): Promise<ApiError | null>
}

export type EmulatorStore = StoreApi<EmulatorState>

export function createEmulatorStore(
  flowId: string,
  deps: {
    flush(): Promise<unknown> | null
    mocks(): Record<string, MockSpec>
    /** The studio's client unless given (tests give one on a temporary back end). */
    api?: ApiClient
  },
): EmulatorStore {
  const api = deps.api ?? studioApi
  return createStore<EmulatorState>((set, get) => {
    const target = () => ({ flowId, contactId: get().contact!.id })
    /** Runs one back-end call with the busy flag, errors shown, coverage refreshed after a run moved. */
    /** `inPlace`: the caller shows a refusal beside what was edited, so it is answered, not shown at the top. */
    async function step<T>(
      call: () => Promise<Result<T>>,
      apply: (v: T) => Partial<EmulatorState>,
      inPlace = false,
    ): Promise<ApiError | null> {
      // With nothing to write first the request leaves now, before `busy` is drawn: React draws a store change in a
      // microtask, and the panel's busy render (and the layout it asks for) used to go first while the back end
      // waited for the request (issue 32, a Step on a 500-node flow).
      const flushing = deps.flush()
      const answer = flushing ? flushing.then(call) : call()
      set({ busy: true, error: null })
      let error: ApiError | null = null
      // The answer and the end of `busy` in one update: one render of the panel and the canvas, not two.
      let next: Partial<EmulatorState> = {}
      try {
        const r = await answer
        if (r.ok) next = apply(r.value)
        else error = r.error
        if (error && !inPlace) next = { ...next, error }
      } finally {
        set({ ...next, busy: false, pending: null })
      }
      void get().refreshCoverage()
      return error
    }
    // The parts of a new session equal to the shown one's keep their objects (keep-equal.ts): memoised rows see
    // what a step did not change as unchanged.
    const kept = (s: EmulatorSession) => keepEqual(get().session, s)
    const fromOutcome = (o: EmulatorOutcome): Partial<EmulatorState> => ({
      session: kept(o.session),
      contact: o.session.contact,
      notice: o.notice,
    })
    let following: { contactId: string; runId: string } | null = null
    const fromSession = (s: EmulatorSession): Partial<EmulatorState> => ({
      session: kept(s),
      contact: s.contact,
      notice: null,
    })

    return {
      flowId,
      contact: null,
      session: null,
      coverage: null,
      pending: null,
      busy: false,
      notice: null,
      error: null,
      lastTrigger: null,
      enforceWindow: false,
      setEnforceWindow: (on) => set({ enforceWindow: on }),
      async init() {
        const c = await api.call('emulator.contact', {})
        if (!c.ok) return set({ error: c.error })
        set({ contact: c.value })
        // The debugger is on from the start (breakpoints act as soon as they are set, as in a code editor).
        if (get().debugOn) await api.call('debug.attach', { ...target(), on: true })
        const s = await api.call('emulator.session', target())
        if (s.ok) set(fromSession(s.value))
        await get().refreshCoverage()
      },
      debugOn: true,
      async setDebug(on) {
        set({ debugOn: on })
        if (get().contact) await step(() => api.call('debug.attach', { ...target(), on }), fromSession)
      },
      async debugGo(how) {
        const mocks = deps.mocks() as never
        await step(
          () =>
            how === 'stop'
              ? api.call('debug.stop', target())
              : api.call(how === 'step' ? 'debug.step' : 'debug.continue', { ...target(), mocks }),
          fromSession,
        )
      },
      async stepOver(event) {
        set({ pending: event })
        await step(() => api.call('debug.stepOver', { ...target(), event, mocks: deps.mocks() as never }), fromSession)
      },
      setDebugValue: (to, json) =>
        step(
          () =>
            'path' in to
              ? api.call('debug.setVariable', { ...target(), path: to.path, json })
              : api.call('debug.setNodeOutput', { ...target(), nodeName: to.nodeName, json }),
          fromSession,
          true,
        ),
      async runFrom(nodeId, vars) {
        const error = await step(
          () => api.call('debug.runFrom', { ...target(), nodeId, vars: vars as never, mocks: deps.mocks() as never }),
          fromSession,
          true,
        )
        // A run started here is no start from the Start tab: Save as test records no presets for it.
        if (!error) set({ lastTrigger: null })
        return error
      },
      async setWatches(expressions) {
        await step(() => api.call('debug.watches', { ...target(), expressions }), fromSession)
      },
      async debugTest(testId) {
        if (!get().debugOn) set({ debugOn: true })
        await step(() => api.call('debug.test', { ...target(), testId }), fromSession)
      },
      handover: (note, until) =>
        step(() => api.call('emulator.handover', { ...target(), note, until }), fromSession, true),
      personReply: (text) => step(() => api.call('emulator.personReply', { ...target(), text }), fromSession, true),
      handBack: (variables) =>
        step(
          () =>
            api.call('emulator.handBack', { ...target(), variables: variables as never, mocks: deps.mocks() as never }),
          fromOutcome,
          true,
        ),
      async start(trigger, opts = {}) {
        const presets = opts.presets ?? {}
        const contact = get().contact
        const window =
          get().enforceWindow && contact
            ? { lastInboundAt: contact.lastInboundAt, optedIn: contact.optedIn }
            : undefined
        set({
          lastTrigger: { trigger, triggerNodeId: opts.triggerNodeId, startNodeId: opts.startNodeId, presets, window },
        })
        if (trigger.kind === 'keyword') set({ pending: { type: 'text', text: trigger.text } })
        await step(
          () =>
            api.call('emulator.start', {
              ...target(),
              trigger,
              triggerNodeId: opts.triggerNodeId,
              startNodeId: opts.startNodeId,
              presets: presets as never,
              mocks: deps.mocks() as never,
              enforceWindow: get().enforceWindow,
            }),
          fromOutcome,
        )
        // The presets belong to the run this start made, not to a later one a keyword typed in the phone starts.
        const started = get().session?.run?.id
        const last = get().lastTrigger
        // An ignored start (notice set) made no run.
        if (started && last && !get().notice && !get().error) set({ lastTrigger: { ...last, runId: started } })
      },
      async send(event) {
        set({ pending: event })
        await step(
          () =>
            api.call('emulator.send', {
              ...target(),
              event,
              mocks: deps.mocks() as never,
              enforceWindow: get().enforceWindow,
            }),
          fromOutcome,
        )
      },
      restart: async () => {
        await step(
          () => api.call('emulator.restart', target()),
          (s) => ({ ...fromSession(s), session: null }),
        )
      },
      async newContact() {
        await step(
          () => api.call('emulator.newContact', {}),
          (c) => ({ contact: c, session: null, notice: null }),
        )
        // The debugger attaches per contact: the new one is attached as the last was.
        if (get().debugOn && get().contact) await api.call('debug.attach', { ...target(), on: true })
      },
      skip: async (to) => {
        await step(
          () =>
            api.call('emulator.skip', {
              ...target(),
              to,
              mocks: deps.mocks() as never,
              enforceWindow: get().enforceWindow,
            }),
          fromOutcome,
        )
      },
      updateContact: async (patch) => {
        await step(
          () =>
            api.call('emulator.updateContact', {
              contactId: get().contact!.id,
              ...patch,
              fields: patch.fields as never,
            }),
          (c) => ({ contact: c }),
        )
      },
      setVariables: async (vars, unset = []) => {
        await step(() => api.call('emulator.setVariables', { ...target(), set: vars as never, unset }), fromSession)
      },
      async reload() {
        if (get().busy || !get().contact) return
        const r = await api.call('emulator.session', target())
        if (r.ok && !get().busy) set({ session: kept(r.value), contact: r.value.contact })
      },
      async refreshCoverage() {
        const r = await api.call('emulator.coverage', { flowId })
        if (r.ok) set({ coverage: r.value })
        else set({ error: r.error })
      },
      async follow(contactId, runId) {
        // A burst of requests asks once for the newest run, not once per request.
        const first = following === null
        following = { contactId, runId }
        if (!first) return
        try {
          while (following) {
            const next: { contactId: string; runId: string } = following
            const r = await api.call('emulator.session', { flowId, ...next })
            if (following === next) following = null
            // The tester's own step wins: a run that arrives while one is in flight is not switched to.
            if (!r.ok || get().busy || following) continue
            const status = r.value.run ? ` (${r.value.run.status})` : ''
            set({
              ...fromSession(r.value),
              lastTrigger: null,
              notice: `A webhook request started this run for ${r.value.contact.phone}${status}.`,
            })
          }
        } finally {
          following = null
        }
      },
    }
  })
}
