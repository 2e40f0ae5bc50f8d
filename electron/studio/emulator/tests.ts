import { randomUUID } from 'node:crypto'
import type { Database } from 'better-sqlite3'
import type { ConversationTestRecord, SavedWindow, TestResult } from '../../../shared/api/commands/emulator-tests'
import type { FlowDocument } from '../../../shared/flow/document'
import {
  ModelError,
  type DebugHooks,
  type Effects,
  type Handled,
  type NodeMock,
  type TraceEvent,
} from '../../../shared/engine'
import {
  parseConversationTest,
  recordingFailure,
  recordTest,
  runConversationTest,
  serialiseConversationTest,
  withRecordings,
  type ConversationTest,
  type TestOutcome,
} from '../../../shared/engine/conversation'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { ApiFailure } from '../../services/failure'
import type { RunService } from '../../services/runs'
import { skipsOf } from './skips'
import { exchangesOf, startNodeOf, templatesSent, triggerSpecOf } from './transcript'
import { takeoversOf } from './person-turns'
import { bound } from '../../../shared/nodes/behaviour-of'

interface Row {
  id: string
  flow_id: string
  name: string
  yaml: string
  created_at: number
  updated_at: number
  last_run_at: number | null
  last_passed: number | null
  last_failures: string | null
}

/**
 * `last_failures` holds `{failures, live}`; rows written before live calls were reported hold the failures array.
 */
function lastResult(r: Row): TestResult | null {
  if (r.last_run_at === null) return null
  const stored = JSON.parse(r.last_failures ?? '[]') as
    TestResult['failures'] | Pick<TestResult, 'failures' | 'live' | 'recorded'>
  const { failures, live, recorded } = Array.isArray(stored)
    ? { failures: stored, live: [], recorded: undefined }
    : stored
  return { at: r.last_run_at, passed: r.last_passed === 1, failures, live, ...(recorded ? { recorded } : {}) }
}

function toRecord(r: Row): ConversationTestRecord {
  const lastRun = lastResult(r)
  return {
    id: r.id,
    flowId: r.flow_id,
    name: r.name,
    yaml: r.yaml,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    lastRun,
  }
}

export class ConversationTests {
  constructor(
    private readonly db: Database,
    private readonly runs: RunService,
    private readonly effects: Effects,
    private readonly now: () => number,
  ) {}

  list(flowId: string): ConversationTestRecord[] {
    const rows = this.db
      .prepare('SELECT * FROM conversation_tests WHERE flow_id = ? ORDER BY name COLLATE NOCASE')
      .all(flowId) as Row[]
    return rows.map(toRecord)
  }

  /** Records the run as a test: the customer's actions become turns, the bot's messages their expectations. */
  async save(
    flow: FlowDocument,
    runId: string,
    opts: {
      name: string
      presets: Record<string, unknown>
      mocks: ConversationTest['mocks']
      window?: SavedWindow
      replace: boolean
    },
  ): Promise<ConversationTestRecord> {
    const state = this.runs.runs.state(runId)
    if (!state) throw new ApiFailure('not_found', 'There is no conversation to save: start a test first.')
    const contact = this.runs.contacts.get(state.contactId)!
    const trace = this.runs.runs.trace(runId)
    const flowId = flow.id
    const templates = await templatesSent(this.effects, trace, flow)
    let test: ConversationTest
    try {
      test = recordTest({
        name: opts.name,
        contact: { name: contact.name, phone: contact.phone },
        // A flow that asks for dates reads "tomorrow" from the clock, and the window is counted from it: the test
        // keeps the time it was recorded at.
        ...(asksForDates(flow) || opts.window ? { now: state.startedAt } : {}),
        ...(opts.window ? { window: opts.window } : {}),
        trigger: triggerSpecOf(state.trigger, trace),
        start: startNodeOf(trace),
        templates,
        variables: opts.presets,
        mocks: opts.mocks,
        exchanges: exchangesOf(
          state,
          this.runs.runs.messages(runId),
          trace,
          skipsOf(this.db, runId),
          takeoversOf(this.db, state.contactId, state.startedAt, state.endedAt),
        ),
        final: { status: state.status, error: state.error },
        trace,
      })
    } catch (err) {
      throw new ApiFailure(
        'unsupported',
        `This conversation cannot be saved as a test: ${err instanceof Error ? err.message : String(err)}`,
      )
    }
    if (Object.keys(contact.fields).length) test.contact.fields = contact.fields
    const stored = storedLanguageOf(trace)
    if (stored) test.contact.language = stored
    return this.write(flowId, test, opts.replace)
  }

  /**
   * Stores a test of the flow under its name; a test of that name is replaced only when asked. `header`: comment
   * lines written above it (where it came from).
   */
  write(flowId: string, test: ConversationTest, replace: boolean, header: string[] = []): ConversationTestRecord {
    const yaml = header.map((l) => `# ${l}\n`).join('') + serialiseConversationTest(test)
    const existing = this.db
      .prepare('SELECT id FROM conversation_tests WHERE flow_id = ? AND name = ?')
      .pluck()
      .get(flowId, test.name) as string | undefined
    if (existing && !replace) throw new ApiFailure('conflict', `This flow already has a test named "${test.name}".`)
    const t = this.now()
    const id = existing ?? `ct_${randomUUID().replace(/-/g, '').slice(0, 16)}`
    this.db
      .prepare(
        `INSERT INTO conversation_tests (id, flow_id, name, yaml, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET yaml = excluded.yaml, updated_at = excluded.updated_at,
           last_run_at = NULL, last_passed = NULL, last_failures = NULL`,
      )
      .run(id, flowId, test.name, yaml, t, t)
    return this.get(id)
  }

  /** The library templates a run's trace shows it sent, for a test to carry. */
  templatesOf(trace: TraceEvent[], flow: FlowDocument): Promise<Array<{ name: string; language: string }>> {
    return templatesSent(this.effects, trace, flow)
  }

  /**
   * Plays a test that is not saved against the flow under the saved-test policy, writing nothing (no Flow Logs, no
   * contact): what it would report.
   */
  async tryOut(flow: FlowDocument, test: ConversationTest): Promise<TestOutcome['failures']> {
    const outcome = await runConversationTest(flow, test, {
      effects: this.effects,
      catalog: nodeCatalog,
      flows: this.runs.flows,
    })
    return outcome.failures
  }

  /** Replaces the flow's tests whose names start with `prefix` by these (already named with it); returns their ids. */
  replaceNamed(flowId: string, prefix: string, tests: Array<{ name: string; yaml: string }>): string[] {
    const t = this.now()
    const ids: string[] = []
    this.db.transaction(() => {
      this.db
        .prepare('DELETE FROM conversation_tests WHERE flow_id = ? AND substr(name, 1, length(?)) = ?')
        .run(flowId, prefix, prefix)
      const insert = this.db.prepare(
        'INSERT INTO conversation_tests (id, flow_id, name, yaml, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      )
      for (const test of tests) {
        const id = `ct_${randomUUID().replace(/-/g, '').slice(0, 16)}`
        insert.run(id, flowId, test.name, test.yaml, t, t)
        ids.push(id)
      }
    })()
    return ids
  }

  get(id: string): ConversationTestRecord {
    const row = this.db.prepare('SELECT * FROM conversation_tests WHERE id = ?').get(id) as Row | undefined
    if (!row) throw new ApiFailure('not_found', `Test ${id} does not exist (it may have been deleted).`)
    return toRecord(row)
  }

  delete(id: string): void {
    this.get(id)
    this.db.prepare('DELETE FROM conversation_tests WHERE id = ?').run(id)
  }

  /**
   * Plays the tests against `flow` and stores each result; their runs go to the Flow Logs, so coverage counts them.
   * `record`: the model provider of Settings answers instead of the recordings, and its answers are written into
   * each test (docs/testing.md, "Model answers").
   */
  async run(
    flow: FlowDocument,
    ids?: string[],
    record = false,
    signal?: AbortSignal,
  ): Promise<ConversationTestRecord[]> {
    const all = this.list(flow.id).filter((t) => !ids || ids.includes(t.id))
    for (const test of all) {
      // Cancelled: the tests not reached keep their last results (and recordings).
      if (signal?.aborted) break
      const result = await this.play(flow, test, record, signal)
      this.db
        .prepare('UPDATE conversation_tests SET last_run_at = ?, last_passed = ?, last_failures = ? WHERE id = ?')
        .run(
          result.at,
          result.passed ? 1 : 0,
          JSON.stringify({ failures: result.failures, live: result.live, recorded: result.recorded }),
          test.id,
        )
    }
    return this.list(flow.id).filter((t) => !ids || ids.includes(t.id))
  }

  /**
   * Plays a saved test under the debugger (docs/emulator.md, "Debugging a saved test") as this contact of the
   * emulator, until the first breakpoint or the first failed expectation, and leaves its run there for the debug
   * panel: the contact's paused run is superseded first, and the run is not closed at the end. No result is stored.
   */
  async debug(flow: FlowDocument, testId: string, contactId: string, hooks: DebugHooks): Promise<DebuggedTest> {
    const record = this.get(testId)
    if (record.flowId !== flow.id) throw new ApiFailure('not_found', `Test ${testId} is not a test of this flow.`)
    const parsed = parseConversationTest(record.yaml)
    if (!parsed.ok) throw new ApiFailure('bad_request', `This test cannot be read: ${parsed.message}`)
    const paused = this.runs.pausedRun(contactId)
    if (paused) this.runs.end(paused, 'superseded')
    const persist = (handled: Handled) => this.runs.persist(contactId, { ...handled, inboundAt: null })
    const outcome = await runConversationTest(
      flow,
      parsed.test,
      { effects: this.effects, catalog: nodeCatalog, flows: this.runs.flows, debug: hooks },
      { contactId, persist, debug: true },
    )
    return { runId: outcome.final?.id ?? null, stopped: outcome.stopped ?? null, mocks: parsed.test.mocks }
  }

  /**
   * Plays one test through the conversation core under the saved-test effects policy (Scripts real, HTTP Calls
   * mocked or refused), and writes each step to the Flow Logs as it happens, messages included, under the test's
   * contact: the runs are real runs, so coverage counts them and their conversation reads like any other.
   */
  private async play(
    flow: FlowDocument,
    record: ConversationTestRecord,
    recording: boolean,
    signal?: AbortSignal,
  ): Promise<TestResult> {
    const at = this.now()
    const parsed = parseConversationTest(record.yaml)
    if (!parsed.ok) return { at, passed: false, failures: [{ where: 'file', lines: [parsed.message] }], live: [] }
    const contact = this.runs.contacts.ensure({ phone: parsed.test.contact.phone, name: parsed.test.contact.name })
    // The test's events are not the contact's messages: its window (last_inbound_at) stays as the emulator left it.
    const persist = (handled: Handled) => this.runs.persist(contact.id, { ...handled, inboundAt: null })
    const outcome = await runConversationTest(
      flow,
      parsed.test,
      { effects: cancellableModel(this.effects, signal), catalog: nodeCatalog, flows: this.runs.flows },
      { contactId: contact.id, persist, record: recording },
    )
    // A test's run still waiting is closed: nobody will answer it, and a paused row would capture the contact's
    // next message in the emulator.
    if (outcome.final?.status === 'paused') this.runs.end(outcome.final, 'superseded')
    const live = outcome.calls.filter((c) => c.live).map((c) => `${c.node} ${c.method} ${c.url}`)
    const recorded = recording ? this.keepRecordings(record, outcome) : undefined
    return {
      at,
      passed: outcome.failures.length === 0,
      failures: outcome.failures,
      live,
      ...(recorded ? { recorded } : {}),
    }
  }

  /** Writes the answers a recording run got into the test's YAML (the rest as written); says what it did. */
  private keepRecordings(test: ConversationTestRecord, outcome: TestOutcome): string | undefined {
    const failure = recordingFailure(outcome.modelCalls)
    if (failure) return `Model answers not recorded, the test keeps its old ones: ${failure}`
    const recordings = outcome.recordings ?? []
    const yaml = withRecordings(test.yaml, recordings)
    if (yaml === null) return recordings.length ? 'Model answers recorded: the same as before.' : undefined
    this.db
      .prepare('UPDATE conversation_tests SET yaml = ?, updated_at = ? WHERE id = ?')
      .run(yaml, this.now(), test.id)
    const n = recordings.length
    return `Recorded ${n} model answer${n === 1 ? '' : 's'} into the test.`
  }
}

/** The effects with a model call that ends at once when `signal` aborts (Record model answers, Cancel). */
function cancellableModel(effects: Effects, signal: AbortSignal | undefined): Effects {
  const model = effects.model
  if (!signal || !model) return effects
  const cancelled = () => new ModelError('model_unavailable', 'Recording was cancelled.')
  return {
    ...effects,
    model: {
      complete: (req) =>
        new Promise((resolve, reject) => {
          if (signal.aborted) return reject(cancelled())
          const onAbort = () => reject(cancelled())
          signal.addEventListener('abort', onAbort, { once: true })
          model
            .complete(req)
            .then(resolve, reject)
            .finally(() => signal.removeEventListener('abort', onAbort))
        }),
    },
  }
}

/** Where a saved test played under the debugger stopped, and the mocks its run goes on with. */
export interface DebuggedTest {
  runId: string | null
  stopped: TestOutcome['stopped'] | null
  mocks: Record<string, NodeMock> | undefined
}

/** Whether a node reads answers against the clock (NodeAnswers.readsClock: a date Question). */
function asksForDates(flow: FlowDocument): boolean {
  return flow.nodes.some((n) => {
    const b = bound(n, (x) => x.answers?.readsClock)
    return b ? b.decl(b.config) : false
  })
}

/**
 * The language the contact had stored when the run started, when the run chose it for that (its first event says
 * `language: { tag, how: 'contact' }`): the test stores it too, so it replays in the same language. Any other way the
 * run chose (a variable, detection, the default) does not depend on a stored language, so the test stores none.
 */
function storedLanguageOf(trace: ReadonlyArray<{ output: unknown }>): string | null {
  const output = trace[0]?.output as { language?: { tag?: unknown; how?: unknown } } | null | undefined
  const language = output?.language
  return language?.how === 'contact' && typeof language.tag === 'string' ? language.tag : null
}
