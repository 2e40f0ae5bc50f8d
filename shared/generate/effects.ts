// The first time a draft's run reaches a node that talks to the outside world, the generator decides how it
// behaves in the test, once for the whole test (mocks are per test), as the node's module declares how it is mocked
// (NodeEffects.mock, shared/nodes/behaviour.ts): an HTTP Call (its answer mocked) is always mocked (a success
// shaped from its sample, a failure, no answer at all, and responses of any status that take the branches after it); a Script runs for real when
// the host can run scripts, and is mocked when an output must take a value to open a branch or the host cannot run
// it; a node that needs a missing template or product keeps its real failure and gets a mocked success beside it.
import type { NodeMock } from '../engine/deps'
import type { Draft, Outcome } from './draft'
import type { FlowIndex } from './flow-index'
import { httpSource, scriptSource } from './sources-effects'
import { targetsFor } from './targets'
import { callsOfType, effectsOfType } from '../nodes/behaviour-of'
import type { MockKind } from '../nodes/behaviour'
import { callSource } from './sources-call'

/** How a test stands in for the node, as its module declares (NodeEffects.mock): an HTTP answer or its outputs. */
const mockOf = (type: string): MockKind | undefined => effectsOfType(type)?.mock

/** Failures that come from what the host lacks, not from the flow: worth a mocked success to explore further. */
const MISSING = new Set([
  'effect_unavailable',
  'template_not_found',
  'template_invalid',
  'product_not_found',
  'no_runner',
  'model_unavailable',
  'recording_missing',
])

/** Failures of a node that asks a model provider, which a generated test cannot call. */
const ASKS_MODEL = new Set(['model_unavailable', 'recording_missing'])

export async function effectVariants(
  ix: FlowIndex,
  d: Draft,
  outcome: Outcome,
  uncovered: ReadonlySet<string>,
): Promise<Draft[] | null> {
  const event = outcome.trace.find(
    (e) =>
      !d.decided.includes(e.nodeName) &&
      !(e.nodeName in d.mocks) &&
      (mockOf(e.nodeType) !== undefined ||
        (e.error !== null && MISSING.has(e.error.code)) ||
        (callsOfType(e.nodeType) !== undefined && callSource(ix, ix.graph.index.get(e.nodeId)!) !== null)),
  )
  if (!event) return null
  const node = ix.graph.index.get(event.nodeId)!
  const name = event.nodeName
  const decided = [...d.decided, name]
  const vars = outcome.final?.vars ?? {}
  // A variant is the same conversation with one more decision: its aims are those of the decision, if any.
  const variant = (mock: NodeMock | null, note: string, aims?: string[]): Draft => {
    const next: Draft = {
      ...d,
      decided,
      mocks: mock ? { ...d.mocks, [name]: mock } : d.mocks,
      notes: [...d.notes, note],
    }
    if (aims) next.aims = aims
    else delete next.aims
    return next
  }
  const call = callSource(ix, node)
  if (call) {
    // The call runs for real first: the callee's own branches are reached through it. A mock stands in only for
    // what the callee cannot give (sources-call.ts), as a targeted choice: it costs one more and is not played once
    // real runs took what it aims at.
    const failed = `${event.nodeId}\u0000${call.failedPort}`
    const mocked = (mock: NodeMock, aims: string[]) => ({
      ...variant(mock, describeMock(name, mock), aims),
      cost: (d.cost ?? 0) + 1,
    })
    // While the run waits inside the callee its session is the callee's: the caller's is kept in the call's frame.
    const own = ix.scope?.ownId(event.nodeId) ?? event.nodeId
    const callerVars = outcome.final?.calls?.find((f) => f.callNodeId === own)?.callerVars ?? vars
    return [
      variant(null, `${name} calls its flow`),
      ...(await targetsFor(ix, call, callerVars, uncovered)).map((t) => mocked(call.mock(t.picks), t.aims)),
      ...(uncovered.has(failed) ? [mocked(call.failure(), [failed])] : []),
    ]
  }
  const kind = mockOf(event.nodeType)
  if (kind) {
    const src = kind === 'response' ? httpSource(ix, node) : scriptSource(ix, node)
    const mocks: Array<{ mock: NodeMock; aims?: string[] }> = [
      { mock: src.success() },
      ...(await targetsFor(ix, src, vars, uncovered)).map((t) => ({ mock: src.mock(t.picks), aims: t.aims })),
      { mock: src.failure() },
      ...(src.unanswered ? [{ mock: src.unanswered() }] : []),
    ]
    const out = unique(mocks).map((m) => variant(m.mock, describeMock(name, m.mock), m.aims))
    // A script the host ran (well or not) is kept as it is, first: the test then checks its real outputs.
    if (effectsOfType(event.nodeType)?.runsCode && event.error?.code !== 'effect_unavailable')
      out.unshift(variant(null, `${name} runs`))
    return out
  }
  const ports = ix.graph.ports[node]!
  // A node that asks a model the test has no answer for (no provider, no recording): each of its ports forced by a
  // mock, as a test forces an Intent node's port (docs/testing.md).
  // A mocked node does not wait: the message that answered it (the draft's last, which the failing step read) goes.
  if (ASKS_MODEL.has(event.error!.code)) {
    // A test whose model question has no recorded answer fails as a whole, so even the failure is a mock's.
    const forced = (p: { id: string; kind?: string }): Draft => ({
      ...(p.kind === 'failure'
        ? variant({ error: 'The model provider failed (mocked).' }, `${name} fails`, [`${event.nodeId}\u0000${p.id}`])
        : variant({ port: p.id }, `${name} → ${p.id}`, [`${event.nodeId}\u0000${p.id}`])),
      ...(event.phase === 'resume' ? { inputs: d.inputs.slice(0, -1) } : {}),
    })
    return ports.map(forced)
  }
  const port = ports[0]?.id
  return [
    variant(null, `${name} fails (${event.error!.code})`),
    variant(port ? { output: {}, port } : { output: {} }, `${name} mocked`),
  ]
}

function describeMock(name: string, m: NodeMock): string {
  if (m.error !== undefined) return `${name} fails`
  if (m.response) return `${name} answers ${m.response.status ?? 200}`
  return `${name} returns ${JSON.stringify(m.output ?? m.outputs)}`
}

function unique<T extends { mock: NodeMock }>(mocks: T[]): T[] {
  const seen = new Set<string>()
  return mocks.filter((m) => {
    const k = JSON.stringify(m.mock)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}
