// Breadth-first exploration of a flow's conversations with the real engine. Each draft is played from the start;
// the first outside effect it meets is decided (effects.ts), then every next move where it waits becomes a new
// draft (choices.ts). A state seen before (same waiting node, same values of what the rules read, same mocks) is not
// expanded again, which bounds loops. Exploration stops when every branch not proven dead is covered, when there is
// nothing left to try, or at the deadline.
import type { FlowDocument } from '../flow/document'
import type { EngineDeps } from '../engine/deps'
import { branchCoverage } from '../engine/conversation'
import { INTERACTION_VARIABLES } from '../flow/variables'
import type { TriggerConfig } from '../nodes/trigger/definition'
import { nextDrafts } from './choices'
import { play, type Draft, type Outcome } from './draft'
import { effectVariants } from './effects'
import type { FlowIndex } from './flow-index'
import { DEFAULT_CONTACT, startSource } from './sources-start'
import { targetsFor } from './targets'

export const MAX_TURNS = 30

export interface Played {
  draft: Draft
  outcome: Outcome
  /** Branch keys (`nodeId\0port`) its trace took. */
  covers: Set<string>
}

export interface Exploration {
  played: Played[]
  covered: Set<string>
  /** Every branch of the flow, as keys. */
  branches: string[]
  /** True when the deadline stopped it with drafts still waiting. */
  timedOut: boolean
  /** Nodes some played conversation reached. */
  reached: Set<string>
}

export interface ExploreOptions {
  deadline: number
  /** Branch keys proven dead: never a reason to go on. */
  dead: ReadonlySet<string>
  now: () => number
  onProgress?: (p: { played: number; covered: number; total: number }) => void
}

const MESSAGE_STARTS = new Set<TriggerConfig['kind']>(['keyword', 'button_click', 'ad_click'])

export async function explore(flow: FlowDocument, ix: FlowIndex, deps: EngineDeps, opts: ExploreOptions): Promise<Exploration> {
  const branches = branchCoverage(flow, []).missed.map((b) => `${b.nodeId}\u0000${b.port}`)
  const covered = new Set<string>()
  const uncovered = new Set(branches.filter((b) => !opts.dead.has(b)))
  const reached = new Set<string>()
  const played: Played[] = []
  const seen = new Set<string>()
  const queue: Draft[] = roots(flow, ix, uncovered)
  const relevant = relevantRoots(ix)
  let timedOut = false
  while (queue.length && uncovered.size) {
    if (opts.now() > opts.deadline) {
      timedOut = true
      break
    }
    const d = queue.shift()!
    if (d.inputs.length > MAX_TURNS) continue
    const outcome = await play(flow, d, deps)
    // An outside effect met for the first time is decided before anything else: an HTTP Call without a mock fails
    // the test (the saved-test policy), and its mocked variants are what is explored.
    const variants = effectVariants(ix, d, outcome, uncovered)
    if (variants) {
      queue.unshift(...variants)
      continue
    }
    if (outcome.failures.length) continue
    const covers = new Set(branchCoverage(flow, outcome.trace).taken.map((b) => `${b.nodeId}\u0000${b.port}`))
    played.push({ draft: d, outcome, covers })
    for (const k of covers) {
      covered.add(k)
      uncovered.delete(k)
    }
    for (const e of outcome.trace) reached.add(e.nodeId)
    opts.onProgress?.({ played: played.length, covered: covered.size, total: branches.length })
    const sig = signature(d, outcome, relevant)
    if (seen.has(sig)) continue
    seen.add(sig)
    queue.push(...nextDrafts(ix, d, outcome, uncovered))
  }
  return { played, covered, branches, timedOut, reached }
}

/** One draft per way to start: the ordinary start of each trigger, and starts whose values take later branches. */
function roots(flow: FlowDocument, ix: FlowIndex, uncovered: ReadonlySet<string>): Draft[] {
  const out: Draft[] = []
  const keys = new Set<string>()
  for (const t of ix.graph.triggers) {
    const src = startSource(ix, t)
    const config = ix.graph.config(t) as TriggerConfig | undefined
    // An inactive flow does not answer a customer's message; its tests start at the trigger node instead.
    const start = !flow.active && config && MESSAGE_STARTS.has(config.kind) ? ix.graph.nodes[t]!.name : undefined
    for (const picks of [{}, ...targetsFor(ix, src, {}, uncovered)]) {
      const s = src.start(picks)
      if (!s || keys.has(JSON.stringify(s))) continue
      keys.add(JSON.stringify(s))
      const other = s.contact.name !== DEFAULT_CONTACT.name || s.contact.phone !== DEFAULT_CONTACT.phone
      const notes = Object.keys(picks).length ? [`starts with ${describeStart(s.trigger)}${other ? ` from ${s.contact.name} ${s.contact.phone}` : ''}`] : []
      out.push({ now: ix.now, ...s, ...(start ? { start } : {}), mocks: {}, decided: [], inputs: [], notes })
    }
  }
  return out
}

function describeStart(t: Draft['trigger']): string {
  if ('message' in t) return JSON.stringify(t.message)
  if ('button' in t) return `button ${JSON.stringify(t.button.id)}`
  if ('webhook' in t) return `webhook ${JSON.stringify(t.webhook.data)}`
  if ('manual' in t) return `manual start ${JSON.stringify(t.manual)}`
  return 'template button'
}

/** Variables whose values can change where a conversation goes: everything a rule reads, and the interactions. */
function relevantRoots(ix: FlowIndex): string[] {
  const roots = new Set(INTERACTION_VARIABLES.map((v) => v.path))
  for (const b of ix.branches) for (const p of b.paths) roots.add(p.split('.')[0]!)
  return [...roots].sort()
}

function signature(d: Draft, o: Outcome, relevant: string[]): string {
  const s = o.final!
  const vars = relevant.map((r) => JSON.stringify(s.vars[r] ?? null))
  return [s.status, s.waiting?.nodeId ?? '', s.waiting?.attempts ?? '', vars.join(','), JSON.stringify(d.mocks)].join('|')
}
