// Breadth-first exploration of a flow's conversations with the real engine. Each draft is played from the start;
// the first outside effect it meets is decided (effects.ts), then every next move where it waits becomes a new
// draft (choices.ts). A state seen before (same waiting node, same values of what the rules read, same mocks) is not
// expanded again, which bounds loops. Exploration stops when every branch not proven dead is covered, when there is
// nothing left to try, or when the run's budget (ix.budget) is spent.
import type { FlowDocument } from '../flow/document'
import type { EngineDeps } from '../engine/deps'
import { branchCoverage } from '../engine/conversation'
import { INTERACTION_VARIABLES } from '../analysis/variables'
import type { TriggerConfig } from '../nodes/trigger/definition'
import { NODE_DEFINITIONS } from '../nodes/registry'
import type { NodeType } from '../nodes/node-types'
import { nextDrafts } from './choices'
import { play, type Draft, type Outcome } from './draft'
import { decisionGoals, goalsMet } from './goals'
import { scriptGoals, scriptGoalsMet, scriptGoalsOutOfReach } from './script-goals'
import type { ScriptConfig } from '../nodes/script/definition'
import { operand } from '../rules/operand'
import { effectVariants } from './effects'
import type { FlowIndex } from './flow-index'
import { DEFAULT_CONTACT } from './contact'
import { startSource } from './sources-start'
import { startTextDrafts } from './start-texts'
import { targetsFor } from './targets'

export const MAX_TURNS = 30
/** Plays spent on goals (goals.ts, script-goals.ts) after every branch is taken, at most. */
export const GOAL_PLAYS = 200

export interface Played {
  draft: Draft
  outcome: Outcome
  /** Branch keys (`nodeId\0port`) its trace took, and the keys of rules it made hold alone (alone.ts). */
  covers: Set<string>
}

export interface Exploration {
  played: Played[]
  covered: Set<string>
  /** Every branch of the flow, as keys. */
  branches: string[]
  /** True when the budget stopped it with branches still to take. */
  timedOut: boolean
  /** Nodes some played conversation reached. */
  reached: Set<string>
}

export interface ExploreOptions {
  /** Branch keys proven dead: never a reason to go on. */
  dead: ReadonlySet<string>
  onProgress?: (p: { played: number; covered: number; total: number }) => void
}

const MESSAGE_STARTS = new Set<TriggerConfig['kind']>(['keyword', 'button_click', 'ad_click'])

export async function explore(
  flow: FlowDocument,
  ix: FlowIndex,
  deps: EngineDeps,
  opts: ExploreOptions,
): Promise<Exploration> {
  const branches = branchCoverage(ix.doc, []).missed.map((b) => `${b.nodeId}\u0000${b.port}`)
  const covered = new Set<string>()
  const uncovered = new Set(branches.filter((b) => !opts.dead.has(b)))
  // What exploration still looks for: the branches not taken, and decisions that tell each rule from its near slip
  // (goals.ts: a rule of an OR group holding alone, a comparison at its boundary).
  const goals = decisionGoals(ix)
  const wanted = new Set([...uncovered, ...goals.map((g) => g.key), ...scriptGoals(ix).map((g) => g.key)])
  const reached = new Set<string>()
  const played: Played[] = []
  const seen = new Set<string>()
  const starts = roots(flow, ix)
  const queue = new DraftQueue(starts.ordinary)
  // Starts whose values are searched for come once the ordinary paths are played (they cost more, so they would be
  // played after them anyway): a budget spent searching still leaves the ordinary conversations found.
  let targeted = true
  // Starts under the channel's rules wait until ordinary exploration has nothing left to try.
  let windowed = starts.windowed
  const relevant = relevantRoots(ix)
  let timedOut = false
  let goalPlays = 0
  while ((queue.size || windowed.length || targeted) && wanted.size) {
    if (ix.budget.spent('explore')) {
      // Only branches not taken make it a give-up; rules not tested alone are a bonus.
      timedOut = uncovered.size > 0
      break
    }
    if (targeted && queue.cheapest() !== 0) {
      targeted = false
      queue.first(await targetedRoots(flow, ix, wanted, starts.keys))
      continue
    }
    if (!queue.size) {
      const left = [...uncovered]
      queue.add(left.length ? windowed.map((d) => ({ ...d, aims: left })) : [])
      windowed = []
      continue
    }
    const d = queue.next()
    if (d.inputs.length > MAX_TURNS) continue
    // A value chosen for what other conversations have taken since is not worth playing; once every branch is
    // taken, only values chosen for a goal still wanted are.
    if (d.aims ? !d.aims.some((a) => wanted.has(a)) : uncovered.size === 0) continue
    // Once every branch is taken, goals get a bounded number of plays more: a goal no conversation can meet (a slip
    // whose outputs no input tells apart) would otherwise keep exploration going until the deadline.
    if (uncovered.size === 0 && ++goalPlays > GOAL_PLAYS) break
    const outcome = await play(flow, d, deps, ix.scope)
    for (const k of scriptGoalsOutOfReach(ix, outcome.trace)) wanted.delete(k)
    // An outside effect met for the first time is decided before anything else: an HTTP Call without a mock fails
    // the test (the saved-test policy), and its mocked variants are what is explored.
    const variants = await effectVariants(ix, d, outcome, wanted)
    if (variants) {
      const name = variants[0]?.decided.at(-1) ?? ''
      const decided = ix.byName(name)
      // A Script's goals are met only where it runs for real: its mocked variants do not pursue them.
      const own = new Set(scriptGoals(ix).flatMap((g) => (g.node === decided ? [g.key] : [])))
      const next = pursue(d, variants, wanted, ahead(ix, decided, uncovered)).map((v) =>
        v.mocks[name] && v.aims && own.size ? { ...v, aims: v.aims.filter((a) => !own.has(a)) } : v,
      )
      queue.first(next)
      continue
    }
    if (outcome.failures.length) continue
    const finalVars = outcome.final?.vars ?? {}
    const met = goalsMet(goals, outcome.trace, finalVars)
    const mocked = new Set(Object.keys(d.mocks))
    const slips = await scriptGoalsMet(ix, outcome.trace, mocked, finalVars, wanted, deps)
    const covers = new Set([
      ...branchCoverage(ix.doc, outcome.trace).taken.map((b) => `${b.nodeId}\u0000${b.port}`),
      ...met,
      ...slips,
    ])
    played.push({ draft: d, outcome, covers })
    for (const k of covers) {
      if (k.split('\u0000').length === 2) covered.add(k)
      uncovered.delete(k)
      wanted.delete(k)
    }

    for (const e of outcome.trace) reached.add(e.nodeId)
    opts.onProgress?.({ played: played.length, covered: covered.size, total: branches.length })
    const sig = signature(d, outcome, relevant)
    if (seen.has(sig)) continue
    seen.add(sig)
    const waiting = ix.graph.index.get(outcome.final?.waiting?.nodeId ?? '')
    queue.add(pursue(d, await nextDrafts(ix, d, outcome, wanted), wanted, ahead(ix, waiting, uncovered)))
    await ix.budget.breathe()
  }
  return { played, covered, branches, timedOut, reached }
}

/**
 * A conversation after a value chosen for a goal (goals.ts) goes on for it: the next drafts that chose nothing of
 * their own keep the goals not met yet (a rule's port may lie several turns after the value), and the branches still
 * wanted beyond where it stopped: a draft kept only for its goals would otherwise be dropped once others met them,
 * with the only way to a later branch behind it (an HTTP Call's failure after a route only a chosen value opens).
 */
function pursue(d: Draft, next: Draft[], wanted: ReadonlySet<string>, ahead: string[]): Draft[] {
  const aims = d.aims?.filter((a) => wanted.has(a) && a.split('\u0000').length === 3)
  if (!aims?.length) return next
  return next.map((n) => (n.aims ? n : { ...n, aims: [...aims, ...ahead] }))
}

/** Branch keys still uncovered at the node where the played run stopped (waiting, or deciding), and after it. */
function ahead(ix: FlowIndex, at: number | undefined, uncovered: ReadonlySet<string>): string[] {
  if (at === undefined) return []
  const after = ix.after(at)
  return [...uncovered].filter((k) => {
    const i = ix.graph.index.get(k.split('\u0000')[0]!)
    return i !== undefined && (i === at || after[i] === 1)
  })
}

/**
 * Drafts by cost, breadth first within a cost. Ordinary paths (cost 0) reach every node a run can reach before any
 * targeted value is tried; one targeted choice then opens each rule's ports, and combinations only where a rule
 * needs several. Breadth first over every answer instead multiplied the answers of each Question on a path: eight
 * Questions in a row took 19 s to reach the rules after them.
 */
class DraftQueue {
  private readonly byCost: Draft[][] = []
  size = 0

  constructor(drafts: Draft[]) {
    this.add(drafts)
  }

  add(drafts: Draft[]): void {
    for (const d of drafts) (this.byCost[d.cost ?? 0] ??= []).push(d)
    this.size += drafts.length
  }

  /** Drafts to play before any other of their cost (the variants of a decision just met). */
  first(drafts: Draft[]): void {
    for (const d of [...drafts].reverse()) (this.byCost[d.cost ?? 0] ??= []).unshift(d)
    this.size += drafts.length
  }

  /** The cost of the next draft, or -1 when there is none. */
  cheapest(): number {
    return this.byCost.findIndex((b) => b?.length)
  }

  next(): Draft {
    const bucket = this.byCost.find((b) => b?.length)!
    this.size--
    return bucket.shift()!
  }
}

/** One draft per way to start, as it comes: the ordinary start of each trigger (and under the channel's rules). */
function roots(flow: FlowDocument, ix: FlowIndex): { ordinary: Draft[]; windowed: Draft[]; keys: Set<string> } {
  const out: Draft[] = []
  const windowed: Draft[] = []
  const keys = new Set<string>()
  const sends = ix.graph.nodes.some((n) => (NODE_DEFINITIONS[n.type as NodeType]?.sends.length ?? 0) > 0)
  for (const t of ix.graph.triggers) {
    const src = startSource(ix, t)
    const config = ix.graph.config(t) as TriggerConfig | undefined
    const start = startNode(flow, ix, t)
    const s = src.start({})
    if (s && !keys.has(JSON.stringify(s))) {
      keys.add(JSON.stringify(s))
      out.push({ now: ix.now, ...s, ...(start ? { start } : {}), mocks: {}, decided: [], inputs: [], notes: [] })
    }
    out.push(...startTextDrafts(ix, t, src, start, keys))
    // A run no customer message started (a webhook, an operator) meets the channel's rules: with the window
    // enforced, a sending node's message may be refused and its failure port taken. Played once the ordinary
    // drafts are all played, and only while a branch is left.
    if (config && !MESSAGE_STARTS.has(config.kind) && sends) {
      if (!s) continue
      for (const [contact, note] of WINDOW_CONTACTS) {
        windowed.push({
          now: ix.now,
          window: 'enforce',
          ...s,
          contact: { ...s.contact, ...contact },
          ...(start ? { start } : {}),
          mocks: {},
          decided: [],
          inputs: [],
          notes: [note],
        })
      }
    }
  }
  return { ordinary: out, windowed, keys }
}

/** Starts whose values take later branches (`keys`: the starts already queued, not to be played twice). */
async function targetedRoots(
  flow: FlowDocument,
  ix: FlowIndex,
  uncovered: ReadonlySet<string>,
  keys: Set<string>,
): Promise<Draft[]> {
  const out: Draft[] = []
  for (const t of ix.graph.triggers) {
    const src = startSource(ix, t)
    const start = startNode(flow, ix, t)
    for (const { picks, aims } of await targetsFor(ix, src, {}, uncovered)) {
      const s = src.start(picks)
      if (!s || keys.has(JSON.stringify(s))) continue
      keys.add(JSON.stringify(s))
      const other = s.contact.name !== DEFAULT_CONTACT.name || s.contact.phone !== DEFAULT_CONTACT.phone
      const inputs = Object.entries(s.variables ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`)
      const notes = [
        `starts with ${describeStart(s.trigger)}${other ? ` from ${s.contact.name} ${s.contact.phone}` : ''}${inputs.length ? ` and ${inputs.join(', ')}` : ''}`,
      ]
      out.push({
        now: ix.now,
        ...s,
        ...(start ? { start } : {}),
        mocks: {},
        decided: [],
        inputs: [],
        notes,
        aims,
        cost: 1,
      })
    }
  }
  return out
}

/** An inactive flow does not answer a customer's message; its tests start at the trigger node instead. */
function startNode(flow: FlowDocument, ix: FlowIndex, trigger: number): string | undefined {
  const config = ix.graph.config(trigger) as TriggerConfig | undefined
  return !flow.active && config && MESSAGE_STARTS.has(config.kind) ? ix.graph.nodes[trigger]!.name : undefined
}

/** The contacts a window-enforced start tries: one who never wrote, one who opted out. */
const WINDOW_CONTACTS: Array<[Partial<Draft['contact']>, string]> = [
  [{}, 'starts with the 24 h window closed'],
  [{ optedIn: false }, 'starts with the contact opted out'],
]

function describeStart(t: Draft['trigger']): string {
  if ('message' in t) return JSON.stringify(t.message)
  if ('button' in t) return `button ${JSON.stringify(t.button.id)}`
  if ('webhook' in t) return `webhook ${JSON.stringify(t.webhook.data)}`
  if ('manual' in t) return `manual start ${JSON.stringify(t.manual)}`
  return 'template button'
}

/**
 * Variables whose values can change where a conversation goes or what a Script computes: everything a rule reads,
 * what a Script's inputs read (two areas that take the same branches may still meet a Script's boundary apart), and
 * the interactions.
 */
function relevantRoots(ix: FlowIndex): string[] {
  const roots = new Set(INTERACTION_VARIABLES.map((v) => v.path))
  for (const b of ix.branches) for (const p of b.paths) roots.add(p.split('.')[0]!)
  for (const g of scriptGoals(ix))
    for (const input of (ix.graph.config(g.node) as ScriptConfig).inputs)
      for (const p of operand(input.value).paths) roots.add(p.split('.')[0]!)
  return [...roots].sort()
}

function signature(d: Draft, o: Outcome, relevant: string[]): string {
  const s = o.final!
  const vars = relevant.map((r) => JSON.stringify(s.vars[r] ?? null))
  return [s.status, s.waiting?.nodeId ?? '', s.waiting?.attempts ?? '', vars.join(','), JSON.stringify(d.mocks)].join(
    '|',
  )
}
