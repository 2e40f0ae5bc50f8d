// `chatflow test --fuzz N`: N random conversations with a flow, each played through the conversation-test player.
// A conversation is a finding when a node fails with an engine error (a runner that threw, a config the engine cannot
// read, a missing node), when a run goes past the step limit (a loop that never waits), when an expression fails
// while rendering, or when the engine itself throws. Each finding is written as a conversation test that plays the
// same conversation again, checked to reproduce it.
import type { FlowDocument } from '../../flow/document'
import type { EngineDeps } from '../../engine/deps'
import { EffectUnavailableError } from '../../engine/effects'
import { branchCoverage, type ConversationTest } from '../../engine/conversation'
import { deadBranches, sharedVariables, walkFrom } from '../../analysis/paths'
import { allFlowVariables } from '../../analysis/variables'
import { needsOf, type Need } from '../needs'
import { withParsedConfigs } from '../../nodes/registry'
import { FUZZ_NOW, prepare } from '../answers'
import { extend, play, type Draft, type Outcome } from '../draft'
import { indexFlow, type FlowIndex } from '../flow-index'
import { writeTest } from '../write'
import { randomMove, randomStart } from './moves'
import { conversations, Random } from './random'

export type FindingKind = 'engine_error' | 'step_limit' | 'expression_error' | 'crash'

export interface Finding {
  kind: FindingKind
  /** 1-based number of the conversation that found it (with the seed, it plays again the same). */
  conversation: number
  /** How many conversations showed it (the smallest is the one kept): the findings' counts add up to `failed`. */
  seen: number
  nodeName: string | null
  message: string
  /** A conversation test that replays it; null when it could not be written (the engine threw). */
  test: ConversationTest | null
  /** Whether playing `test` again showed the same finding. */
  reproduced: boolean
}

export interface FuzzReport {
  seed: number
  conversations: number
  /** Conversations that ran into a problem (several may show the same one; each problem is written once). */
  failed: number
  findings: Finding[]
  /** Branches no fuzzed conversation took (those the rules prove no run can take left out), with what they need. */
  unreached: FuzzUnreached[]
}

export interface FuzzUnreached {
  nodeName: string
  portLabel: string
  /** The values its rules read and where each comes from (a Condition or Router), else empty. */
  needs: Need[]
}

export interface FuzzOptions {
  runs: number
  seed: number
  /** Customer moves per conversation, at most. */
  maxTurns?: number
  /** Told each conversation as last played: how it started, its mocks and what the customer did. */
  onConversation?: (d: Draft) => void
}

/** Errors that are the engine's (or the flow's configuration's), not a run going as designed. */
const ENGINE_CODES = new Set([
  'node_error',
  'invalid_config',
  'missing_node',
  'no_runner',
  'not_waiting',
  'no_start_node',
  'no_trigger',
])

export async function fuzzFlow(flow: FlowDocument, deps: EngineDeps, opts: FuzzOptions): Promise<FuzzReport> {
  await prepare(flow)
  const ix = withParsedConfigs(() => indexFlow(flow, FUZZ_NOW))
  const scripts = await canRunScripts(deps)
  // Per kind of problem, the smallest conversation that shows it (by the size of what the customer did).
  const best = new Map<
    string,
    {
      draft: Draft
      played: Outcome | { error: string }
      found: Omit<Finding, 'test' | 'reproduced' | 'seen'>
      size: number
      seen: number
    }
  >()
  const gens = conversations(opts.seed, opts.runs)
  let failed = 0
  const taken = new Set<string>()
  for (const [i, g] of gens.entries()) {
    const rnd = new Random(g)
    let draft = randomStart(ix, rnd, scripts)
    for (let turn = 0; draft && turn <= (opts.maxTurns ?? 8); turn++) {
      opts.onConversation?.(draft)
      const played = await safePlay(flow, draft, deps)
      if (!('error' in played)) for (const b of branchCoverage(flow, played.trace).taken) taken.add(branchKey(b))
      const found =
        'error' in played ? { kind: 'crash' as const, nodeName: null, message: played.error } : inspect(played)
      if (found) {
        failed++
        const key = `${found.kind}\u0000${found.nodeName}\u0000${found.message.replace(/'[^']*'|"[^"]*"|\d+/g, '…')}`
        const size = JSON.stringify([draft.trigger, draft.inputs]).length
        const had = best.get(key)
        const seen = (had?.seen ?? 0) + 1
        if (!had || size < had.size)
          best.set(key, { draft, played, found: { ...found, conversation: i + 1 }, size, seen })
        else had.seen = seen
        break
      }
      if ('error' in played || played.failures.length) break
      const move = randomMove(ix, rnd, played)
      draft = move === null ? null : extend(draft, [move], '')
    }
  }
  const findings: Finding[] = []
  for (const b of best.values())
    findings.push({ ...(await reproducer(flow, ix, deps, b.draft, b.played, b.found)), seen: b.seen })
  return { seed: opts.seed, conversations: opts.runs, failed, findings, unreached: notTaken(flow, ix, taken) }
}

const branchKey = (b: { nodeId: string; port: string }) => `${b.nodeId}\u0000${b.port}`

/** The branches of the flow no conversation took and no proof rules out, each with the values it needs. */
function notTaken(flow: FlowDocument, ix: FlowIndex, taken: ReadonlySet<string>): FuzzUnreached[] {
  const reachable = walkFrom(ix.graph).seen
  const dead = withParsedConfigs(() => deadBranches(ix.graph, reachable, sharedVariables(allFlowVariables(flow))))
  const deadKeys = new Set(dead.map((d) => `${ix.graph.nodes[d.node]!.id}\u0000${d.port}`))
  const live = walkFrom(ix.graph, (node, port) => deadKeys.has(`${ix.graph.nodes[node]!.id}\u0000${port}`)).seen
  const out: FuzzUnreached[] = []
  for (const b of branchCoverage(flow, []).missed) {
    const key = branchKey(b)
    const i = ix.graph.index.get(b.nodeId)!
    if (taken.has(key) || deadKeys.has(key) || !live[i]) continue
    const portLabel = ix.graph.ports[i]!.find((p) => p.id === b.port)?.label ?? b.port
    out.push({ nodeName: ix.graph.nodes[i]!.name, portLabel, needs: needsOf(ix, i, b.port) })
  }
  return out
}

async function safePlay(flow: FlowDocument, d: Draft, deps: EngineDeps): Promise<Outcome | { error: string }> {
  try {
    return await play(flow, d, deps)
  } catch (err) {
    return { error: err instanceof Error ? err.message : String(err) }
  }
}

/** The first problem in a played conversation, or null. */
export function inspect(o: Pick<Outcome, 'trace' | 'final'>): Pick<Finding, 'kind' | 'nodeName' | 'message'> | null {
  for (const e of o.trace) {
    if (e.error?.code === 'loop_limit') return { kind: 'step_limit', nodeName: e.nodeName, message: e.error.message }
    if (e.error && ENGINE_CODES.has(e.error.code))
      return { kind: 'engine_error', nodeName: e.nodeName, message: `${e.error.code}: ${e.error.message}` }
    if (e.warnings.length) return { kind: 'expression_error', nodeName: e.nodeName, message: e.warnings[0]! }
  }
  const err = o.final?.error
  if (err?.code === 'loop_limit') return { kind: 'step_limit', nodeName: err.nodeName ?? null, message: err.message }
  if (err && ENGINE_CODES.has(err.code))
    return { kind: 'engine_error', nodeName: err.nodeName ?? null, message: `${err.code}: ${err.message}` }
  return null
}

async function reproducer(
  flow: FlowDocument,
  ix: FlowIndex,
  deps: EngineDeps,
  draft: Draft,
  played: Outcome | { error: string },
  found: Omit<Finding, 'test' | 'reproduced' | 'seen'>,
): Promise<Omit<Finding, 'seen'>> {
  if ('error' in played) return { ...found, test: null, reproduced: false }
  const test = await writeTest(ix, { draft, outcome: played, covers: new Set() }, deps)
  test.name = `fuzz finding: ${KIND_WORDS[found.kind]}${found.nodeName ? ` at ${found.nodeName}` : ''} (conversation ${found.conversation})`
  const again = await safePlay(flow, draft, deps)
  const same = !('error' in again) && inspect(again)?.kind === found.kind
  return { ...found, test, reproduced: same }
}

export const KIND_WORDS: Record<FindingKind, string> = {
  engine_error: 'engine error',
  step_limit: 'step limit exceeded',
  expression_error: 'expression error',
  crash: 'the engine threw',
}

/** Whether the host runs Scripts (the studio does; a host without a sandbox says so by refusing). */
async function canRunScripts(deps: EngineDeps): Promise<boolean> {
  try {
    await deps.effects.script.run('return {}', {}, { timeoutMs: 1000 })
    return true
  } catch (err) {
    return !(err instanceof EffectUnavailableError)
  }
}
