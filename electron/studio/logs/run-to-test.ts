// Any run in the Flow Logs (this studio's, or a production server's read over its publish API) as a conversation test
// that replays it (docs/testing.md, "Tests from real runs"): the trigger and every inbound message, what each HTTP
// Call got as its mock, what each Script returned as its mock (or the Script run for real), the contact, the clock
// (`now:`, the moment the run started) and the window, with what the bot sent as the expectations. Played against
// today's flow it passes, or fails where today's flow does something else than what the customer saw.
import type { LogTrace } from '../../../shared/api/commands/logs'
import type { RunState, TraceEvent } from '../../../shared/engine'
import { recordTest, type ConversationTest } from '../../../shared/engine/conversation'
import type { NodeMock } from '../../../shared/engine/deps'
import { effectsOfType } from '../../../shared/nodes/behaviour-of'
import { exchangesOf, startNodeOf, triggerSpecOf } from '../emulator/transcript'
import type { TimeSkip } from '../emulator/wait-turns'
import type { RecordedTakeover } from '../emulator/person-turns'

export interface RunToTestOptions {
  name: string
  /** 'replay': each Script's recorded result is its mock; 'run': Scripts run for real in the sandbox. */
  scripts: 'replay' | 'run'
  /**
   * The run was played under the channel's 24-hour window (every production server's is): the test enforces it,
   * with the contact's last message before the run (null: none kept) and consent.
   */
  window?: { lastInboundAt: number | null; optedIn: boolean }
  /** The contact's fields (Lead Management reads them), when known. */
  fields?: Record<string, unknown>
  /** The library templates the run sent, copied into the test so it plays the same wherever it runs. */
  templates?: ConversationTest['templates']
  /** The studio's skips that woke nothing (emulator/skips.ts); a server's runs have none. */
  skips?: TimeSkip[]
  /** The studio contact's takeovers while the run lasted (emulator/person-turns.ts): the person's turns. */
  takeovers?: RecordedTakeover[]
}

/** Window refusals in a trace: a studio run that met one was played with the window enforced. */
export const WINDOW_CODES = new Set(['outside_window', 'opted_out'])

export function runToTest(log: LogTrace, opts: RunToTestOptions): ConversationTest {
  const { trace } = log
  const vars = log.vars
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v !== '' ? v : fallback)
  const test = recordTest({
    name: opts.name,
    // The contact as the run knew it: its system variables, set from the contact when it started.
    contact: {
      name: str(vars.customer_name, log.run.contact.name),
      phone: str(vars.customer_phone, log.run.contact.phone),
    },
    now: log.run.startedAt,
    ...(opts.window ? { window: opts.window } : {}),
    trigger: triggerSpecOf(log.trigger, trace),
    start: startNodeOf(trace),
    templates: opts.templates,
    mocks: mocksOf(trace, opts.scripts),
    exchanges: exchangesOf(
      { trigger: log.trigger } as RunState,
      log.messages,
      trace,
      opts.skips ?? [],
      opts.takeovers ?? [],
    ),
    final: { status: log.run.status, error: log.run.error ? { ...log.run.error, nodeId: '', nodeName: '' } : null },
    trace,
  })
  if (opts.fields && Object.keys(opts.fields).length) test.contact.fields = opts.fields
  const language = storedLanguageOf(trace)
  if (language) test.contact.language = language
  return test
}

/**
 * A mock per node whose effect a replay cannot repeat, from the first time it ran: an HTTP Call answers with the
 * response it got (a request that got no answer fails as it did), a Script with what it returned or how it failed.
 * Nodes mocked from their first run answer the same every time (NodeMock is one per node).
 */
export function mocksOf(trace: TraceEvent[], scripts: 'replay' | 'run'): Record<string, NodeMock> {
  const mocks: Record<string, NodeMock> = {}
  for (const e of trace) {
    if (e.phase !== 'run' || e.nodeName in mocks) continue
    const mock = mockOf(e, scripts)
    if (mock) mocks[e.nodeName] = mock
  }
  return mocks
}

/** Nodes mocked from their first run that answered otherwise on a later one: the test cannot say so (one mock each). */
export function answeredOtherwise(trace: TraceEvent[], scripts: 'replay' | 'run'): string[] {
  const first = mocksOf(trace, scripts)
  const out = new Set<string>()
  for (const e of trace) {
    const mock = e.phase === 'run' && first[e.nodeName] ? mockOf(e, scripts) : null
    if (mock && JSON.stringify(mock) !== JSON.stringify(first[e.nodeName])) out.add(e.nodeName)
  }
  return [...out]
}

/** What a replay answers this run of the node with, or null: a node the replay runs as it is. */
function mockOf(e: TraceEvent, scripts: 'replay' | 'run'): NodeMock | null {
  const effects = effectsOfType(e.nodeType)
  const out = (e.output ?? {}) as Record<string, unknown>
  if (effects?.ownsHttp) {
    const status = typeof out.status === 'number' ? out.status : 0
    if (status === 0) return e.error ? { error: e.error.message } : null
    const headers = isObject(out.headers) ? kept(out.headers as Record<string, string>) : {}
    return { response: { status, ...(Object.keys(headers).length ? { headers } : {}), body: out.result ?? null } }
  }
  if (effects?.runsCode && scripts === 'replay') {
    if (e.error) return { error: e.error.message }
    if (e.port === null) return null
    const { console: _logs, ...output } = out
    return { output, port: e.port }
  }
  return null
}

/** Headers of the connection, not of the answer: a mock without them reads the same to the flow and the designer. */
const TRANSPORT = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date', 'content-length'])

function kept(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([k]) => !TRANSPORT.has(k.toLowerCase())))
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v)

/** The language the contact had stored, when the run chose its language by it (the first event says so). */
function storedLanguageOf(trace: ReadonlyArray<{ output: unknown }>): string | null {
  const output = trace[0]?.output as { language?: { tag?: unknown; how?: unknown } } | null | undefined
  const language = output?.language
  return language?.how === 'contact' && typeof language.tag === 'string' ? language.tag : null
}
