// `generateSuite`: explore a flow with the real engine, keep a small set of conversations that take every branch
// reached, write each as a conversation test that pins what the bot does, replay each one through the player to
// confirm it passes, and explain every branch left: proven dead (with the rule reasoning's reason), never reached,
// or not found before the deadline.
import type { FlowDocument } from '../flow/document'
import type { EngineDeps } from '../engine/deps'
import { branchCoverage, runConversationTest, type ConversationTest } from '../engine/conversation'
import { branchesOf, deadBranches, walkFrom } from '../analysis/paths'
import { answersOfType } from '../nodes/behaviour-of'
import { sharedVariables } from '../analysis/paths'
import { allFlowVariables } from '../analysis/variables'
import { withParsedConfigs } from '../nodes/registry'
import { prepare } from './answers'
import { explore, type Exploration } from './explore'
import { indexFlow, type FlowIndex } from './flow-index'
import { selectMinimal } from './select'
import { timeBudget, type Budget, type Phase } from './budget'
import { describeNeeds, needsOf, type Need } from './needs'
import { nameOf, writeTest } from './write'
import type { FlowCatalogue } from '../flow/catalogue'
import { callScope, type CallScope } from './through-calls'

export interface GeneratedTest {
  test: ConversationTest
  /** Branch keys the replayed test took. */
  covers: string[]
}

export interface Unreached {
  /** The node's id in its own flow: `flowId` when it is in a flow the one tested calls. */
  nodeId: string
  flowId?: string
  flowName?: string
  nodeName: string
  port: string
  portLabel: string
  reason: string
  /** The reason is a proof (rules, graph); otherwise exploration did not find a way (or ran out of time). */
  proven: boolean
  /** For a Condition or Router: the values its rules read that no conversation found, and where each comes from. */
  needs?: Need[]
}

export interface Suite {
  tests: GeneratedTest[]
  /** Branches taken by the written tests, of all the flow's branches. */
  covered: number
  total: number
  unreached: Unreached[]
  elapsedMs: number
  /** The deadline stopped exploration before it ran out of things to try. */
  gaveUp: boolean
  /** What the budget stopped before it was done, one sentence each (empty when everything finished). */
  unfinished: string[]
  /** Stopped by a cancel (`signal`) rather than by the clock. */
  cancelled: boolean
  /** Tests dropped because they did not pass on replay (behaviour that changes between runs), with why. */
  dropped: Array<{ name: string; why: string }>
  /**
   * Branches taken per flow: the flow tested first, then each flow it calls (their own branches, reached through
   * the calls). One entry when it calls none.
   */
  flows: Array<{ flowId: string; flowName: string; covered: number; total: number }>
}

export interface GenerateProgress {
  phase: Phase
  played: number
  covered: number
  total: number
}

export interface GenerateOptions {
  /** Milliseconds exploration may take; writing the tests found may take as long again (budget.ts). */
  budgetMs?: number
  now?: () => number
  /** Aborting it stops every phase as the deadline does (the studio's Cancel). */
  signal?: AbortSignal
  /** In place of budgetMs, now and signal: a budget of the caller's (tests count its checks). */
  budget?: Budget
  onProgress?: (p: GenerateProgress) => void
  /**
   * The other flows (the studio's, or the files beside the CLI's): the flow's calls run for real against them and
   * exploration goes on inside each callee, whose branches count for it (through-calls.ts).
   */
  flows?: FlowCatalogue
  /**
   * A flow in several languages: write the suite for this one (a flow language): every test's contact has it stored
   * (`contact.language`), so the tests expect what the bot says in it. Absent: the tests set no language.
   */
  language?: string
}

export const DEFAULT_BUDGET_MS = 10_000

/**
 * `deps` are the host's: its script effect runs Scripts, its template and catalogue effects answer lookups. The
 * saved-test policy keeps HTTP off the network (shared/engine/conversation/policy.ts): every HTTP Call a test
 * reaches is mocked. Every phase asks the budget between units of work; when it is spent the suite holds what was
 * found so far and `unfinished` says what was not done.
 */
export async function generateSuite(
  flow: FlowDocument,
  hostDeps: EngineDeps,
  options: GenerateOptions = {},
): Promise<Suite> {
  const now = options.now ?? (() => Date.now())
  const started = now()
  const progress: GenerateProgress = { phase: 'analysis', played: 0, covered: 0, total: 0 }
  const scope = options.flows ? callScope(flow, options.flows) : null
  // The calls run against the documents the analysis reads, so the two never disagree.
  const deps = scope ? { ...hostDeps, flows: scope.source } : hostDeps
  await prepare(scope?.composite ?? flow)
  // Counted from here: loading the answer parsers' libraries is the same for every flow, and not the flow's work.
  const budget = reporting(
    options.budget ?? timeBudget(options.budgetMs ?? DEFAULT_BUDGET_MS, now, options.signal),
    progress,
    options.onProgress,
  )
  const unfinished: string[] = []
  // Whole seconds, rounded up: the tests' `now` is written into each file, and their runs must not look older than
  // the flow's last change (coverage counts runs started since then).
  const ix = withParsedConfigs(() =>
    indexFlow(flow, new Date(Math.ceil(started / 1000) * 1000).toISOString(), budget, scope, options.language ?? null),
  )
  const reachable = walkFrom(ix.graph).seen
  let analysed = true
  const stop = () => {
    if (budget.spent('analysis')) analysed = false
    return !analysed
  }
  const dead = withParsedConfigs(() =>
    deadBranches(ix.graph, reachable, sharedVariables(allFlowVariables(ix.doc)), stop),
  )
  if (!analysed) unfinished.push('proving branches unreachable: stopped before every Condition and Router was checked')
  const deadKeys = new Map(dead.map((d) => [`${ix.graph.nodes[d.node]!.id}\u0000${d.port}`, d.reason]))
  const ex = await explore(flow, ix, deps, {
    dead: new Set(deadKeys.keys()),
    onProgress: (p) => {
      Object.assign(progress, p)
      options.onProgress?.({ ...progress })
    },
  })
  if (ex.timedOut) unfinished.push(`exploring: stopped with ${ex.branches.length - ex.covered.size} branches not taken`)
  const tests: GeneratedTest[] = []
  const dropped: Suite['dropped'] = []
  const names = new Set<string>()
  const chosen = selectMinimal(ex.played)
  let written = 0
  for (const p of chosen) {
    if (budget.spent('write')) break
    written++
    const test = await writeTest(ix, p, deps)
    if (names.has(test.name)) test.name = nameOf(ix, p, true)
    test.name = uniqueName(test.name, names)
    const played = await runConversationTest(flow, test, deps)
    const replay = scope ? scope.read(played) : played
    if (replay.failures.length) {
      dropped.push({ name: test.name, why: replay.failures.map((f) => `${f.where}: ${f.lines[0] ?? ''}`).join('; ') })
      continue
    }
    tests.push({ test, covers: branchCoverage(ix.doc, replay.trace).taken.map((b) => `${b.nodeId}\u0000${b.port}`) })
  }
  if (written < chosen.length)
    unfinished.push(
      `writing tests: ${chosen.length - written} of ${chosen.length} conversations found were not written`,
    )
  const covered = new Set(tests.flatMap((t) => t.covers))
  return {
    tests,
    covered: covered.size,
    total: ex.branches.length,
    unreached: unreachedOf(ix, ex, covered, deadKeys, reachable, now() - started, dropped),
    elapsedMs: now() - started,
    gaveUp: ex.timedOut,
    unfinished,
    cancelled: budget.cancelled,
    dropped,
    flows: perFlow(flow, scope, ex.branches, covered),
  }
}

/** Branches taken per flow of the scope, the flow tested first. */
function perFlow(
  flow: FlowDocument,
  scope: CallScope | null,
  branches: string[],
  covered: Set<string>,
): Suite['flows'] {
  const flows = [flow, ...(scope?.callees ?? [])]
  const count = new Map(flows.map((f) => [f.id, { flowId: f.id, flowName: f.name, covered: 0, total: 0 }]))
  for (const key of branches) {
    const c = count.get((scope?.flowOf(key.split('\u0000')[0]!) ?? flow).id)!
    c.total++
    if (covered.has(key)) c.covered++
  }
  return [...count.values()]
}

/** The budget, telling `onProgress` which phase asks it whenever a long computation lets the host in. */
function reporting(inner: Budget, progress: GenerateProgress, onProgress?: (p: GenerateProgress) => void): Budget {
  return {
    spent(phase) {
      progress.phase = phase
      return inner.spent(phase)
    },
    async breathe() {
      const yielded = await inner.breathe()
      if (yielded) onProgress?.({ ...progress })
      return yielded
    },
    get cancelled() {
      return inner.cancelled
    },
  }
}

function uniqueName(name: string, taken: Set<string>): string {
  let n = name
  for (let i = 2; taken.has(n); i++) n = `${name} (${i})`
  taken.add(n)
  return n
}

function unreachedOf(
  ix: FlowIndex,
  ex: Exploration,
  covered: Set<string>,
  dead: Map<string, string>,
  reachable: Uint8Array,
  elapsed: number,
  dropped: Suite['dropped'],
): Unreached[] {
  const out: Unreached[] = []
  for (const key of ex.branches) {
    if (covered.has(key)) continue
    const [nodeId, port] = key.split('\u0000') as [string, string]
    const i = ix.graph.index.get(nodeId)!
    const node = ix.graph.nodes[i]!
    const portLabel = ix.graph.ports[i]!.find((p) => p.id === port)?.label ?? port
    // Taken while exploring, but only by tests that were not written: the summary must not say nothing took it.
    const why = ex.covered.has(key)
      ? {
          reason: `taken only by a test that was not written (it did not pass when played again: ${dropped.map((d) => `'${d.name}'`).join(', ')})`,
          proven: false,
        }
      : reasonFor(ix, ex, key, i, dead, reachable, elapsed)
    const other = ix.scope?.flowOf(nodeId)
    const where =
      other && other !== ix.scope!.root
        ? { nodeId: ix.scope!.ownId(nodeId), flowId: other.id, flowName: other.name }
        : { nodeId }
    out.push({ ...where, nodeName: node.name, port, portLabel, ...why })
  }
  return out
}

function reasonFor(
  ix: FlowIndex,
  ex: Exploration,
  key: string,
  i: number,
  dead: Map<string, string>,
  reachable: Uint8Array,
  elapsed: number,
): { reason: string; proven: boolean; needs?: Need[] } {
  const node = ix.graph.nodes[i]!
  const proof = dead.get(key)
  if (proof) return { reason: proof, proven: true }
  if (!reachable[i]) return { reason: `no trigger reaches '${node.name}'`, proven: true }
  const deadInto = ix.graph.into[i]!.every(({ from, port }) => dead.has(`${ix.graph.nodes[from]!.id}\u0000${port}`))
  if (deadInto && ix.graph.into[i]!.length)
    return { reason: `'${node.name}' is only reached through branches no run can take`, proven: true }
  const silent = silentWaiter(ix, ex, i)
  if (silent) {
    const w = ix.graph.nodes[silent]!
    const why = `node type '${w.type}' gives no sample answers`
    return {
      reason:
        silent === i
          ? `${why}: nothing tells the generator what a customer can send at '${w.name}'`
          : `'${node.name}' lies after '${w.name}', and ${why}`,
      proven: false,
    }
  }
  const gaveUp = `gave up after ${(elapsed / 1000).toFixed(1)} s`
  if (!ex.reached.has(node.id))
    return {
      reason: ex.timedOut
        ? `'${node.name}' was not reached; ${gaveUp}`
        : `no conversation found reaches '${node.name}'`,
      proven: false,
    }
  if (ex.timedOut) return { reason: gaveUp, proven: false }
  if (branchesOf(node)) {
    const needs = needsOf(ix, i, key.split('\u0000')[1]!)
    return {
      reason: needs.length
        ? `no value found for ${describeNeeds(needs)} makes it take this way`
        : 'its rules read no variable, and no conversation made it take this way',
      proven: false,
      needs,
    }
  }
  return { reason: 'no conversation found takes it', proven: false }
}

/**
 * The waiting node whose type declares nothing a customer can send (no NodeAnswers) that keeps runs from node `i`:
 * `i` itself, or one a played conversation reached with `i` after it; null when there is none.
 */
function silentWaiter(ix: FlowIndex, ex: Exploration, i: number): number | null {
  const silent = (w: number) => ix.graph.waits[w] === 1 && !answersOfType(ix.graph.nodes[w]!.type)
  if (silent(i)) return i
  if (ex.reached.has(ix.graph.nodes[i]!.id)) return null
  for (const [w, n] of ix.graph.nodes.entries()) if (silent(w) && ex.reached.has(n.id) && ix.after(w)[i]) return w
  return null
}
