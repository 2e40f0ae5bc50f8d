// Goals inside a Script: for each comparison in its code, a run in which the code with that comparison slipped (> for
// >=, === for !==; script-slips.ts) gives other outputs than the code as written. A Script's outputs may take the
// same branches either way (points ≥ 50 and points > 50 differ only at 50), so taking every port does not test its
// boundaries. Only a Script the host runs for real can meet one; exploration reaches them by typing, where an answer
// flows into the Script's inputs, the values its own constants suggest (script-slips.ts, scriptCandidates).
import { evaluateTemplate, type Vars } from '../expr'
import type { EngineDeps } from '../engine/deps'
import type { TraceEvent } from '../engine/types'
import type { ScriptConfig } from '../nodes/script/definition'
import { runScriptNode, scriptInputs } from '../nodes/script/run'
import { effectsOfType } from '../nodes/behaviour-of'
import { operand } from '../rules/operand'
import type { FlowIndex } from './flow-index'
import { comparisonsIn, lineOf, scriptCandidates, withSlip } from './script-slips'

/** Nodes whose code runs in the sandbox (NodeEffects.runsCode): the code the slips are made in. */
const runsCode = (type: string) => effectsOfType(type)?.runsCode === true

export interface ScriptGoal {
  /** `nodeId\0script\0offset`: three parts, like the rule goals, so it is never counted as a branch. */
  key: string
  node: number
  /** The code with one comparison slipped; null for the goal of running the Script for real at all. */
  slipped: ScriptConfig | null
  what: string
}

const cache = new WeakMap<FlowIndex, ScriptGoal[]>()
/** Per flow index: whether a slip changed the outputs for given inputs (`goal key\0inputs as JSON`). */
const tried = new WeakMap<FlowIndex, Map<string, boolean>>()

export function scriptGoals(ix: FlowIndex): ScriptGoal[] {
  let out = cache.get(ix)
  if (out) return out
  out = []
  ix.graph.nodes.forEach((n, i) => {
    if (!runsCode(n.type)) return
    const c = ix.graph.config(i) as ScriptConfig | undefined
    if (!c) return
    // A suite that only ever mocks a Script never checks its code: one conversation where it runs for real is kept.
    out!.push({ key: `${n.id}\u0000script\u0000real`, node: i, slipped: null, what: `${n.name} runs for real` })
    for (const s of comparisonsIn(c.code))
      out!.push({
        key: `${n.id}\u0000script\u0000${s.at}`,
        node: i,
        slipped: { ...c, code: withSlip(c.code, s) },
        what: `${n.name} ${lineOf(c.code, s.at)}: ${s.op} → ${s.to}`,
      })
  })
  cache.set(ix, out)
  return out
}

/**
 * The script goals a played conversation met: at each Script it ran for real, each wanted slip run on the same
 * inputs, compared with the code as written (both run here, so the console and timing of the trace do not matter).
 */
export async function scriptGoalsMet(
  ix: FlowIndex,
  trace: readonly TraceEvent[],
  mocked: ReadonlySet<string>,
  finalVars: Vars,
  wanted: ReadonlySet<string>,
  deps: EngineDeps,
): Promise<string[]> {
  const met: string[] = []
  const goals = scriptGoals(ix).filter((g) => wanted.has(g.key))
  if (!goals.length) return met
  for (const e of trace) {
    if (!runsCode(e.nodeType) || mocked.has(e.nodeName) || e.error?.code === 'effect_unavailable') continue
    const i = ix.graph.index.get(e.nodeId)!
    const real = goals.find((g) => g.node === i && g.slipped === null)
    if (real && !met.includes(real.key)) met.push(real.key)
    const mine = goals.filter((g) => g.node === i && g.slipped !== null && !met.includes(g.key))
    if (!mine.length) continue
    const vars = { ...finalVars, ...((e.input as { vars?: Vars } | null)?.vars ?? {}) }
    const config = ix.graph.config(i) as ScriptConfig
    // Many conversations give a Script the same inputs (every variant after it): each slip is run once per inputs.
    const seen = tried.get(ix) ?? new Map<string, boolean>()
    tried.set(ix, seen)
    const inputs = JSON.stringify(scriptInputs(config, (text) => evaluateTemplate(text, vars).value))
    const untried = mine.filter((g) => !seen.has(`${g.key}\u0000${inputs}`))
    for (const g of mine) if (seen.get(`${g.key}\u0000${inputs}`)) met.push(g.key)
    if (!untried.length) continue
    const run = async (config: ScriptConfig) => {
      try {
        const o = await runScriptNode({
          config,
          evaluate: (text) => evaluateTemplate(text, vars).value,
          effects: deps.effects,
        })
        return JSON.stringify([o.kind, 'port' in o ? o.port : null, 'output' in o ? o.output : null])
      } catch (err) {
        return `threw ${err instanceof Error ? err.name : ''}`
      }
    }
    const asWritten = await run(config)
    for (const g of untried) {
      const differs = (await run(g.slipped!)) !== asWritten
      seen.set(`${g.key}\u0000${inputs}`, differs)
      if (differs) met.push(g.key)
    }
  }
  return met
}

/** The goals of Scripts this host cannot run (no sandbox): no conversation can meet them, so none is sought. */
export function scriptGoalsOutOfReach(ix: FlowIndex, trace: readonly TraceEvent[]): string[] {
  const out: string[] = []
  for (const e of trace)
    if (runsCode(e.nodeType) && e.error?.code === 'effect_unavailable') {
      const i = ix.graph.index.get(e.nodeId)
      out.push(...scriptGoals(ix).flatMap((g) => (g.node === i ? [g.key] : [])))
    }
  return out
}

/**
 * Values to answer with at a waiting node whose answer (`feeds`: the top-level variables it sets) reaches a Script with
 * goals still wanted, with the goals they serve; `ordinary` are the node's own ordinary samples.
 */
export function scriptAnswers(
  ix: FlowIndex,
  at: number,
  feeds: (root: string) => boolean,
  ordinary: readonly unknown[],
  wanted: ReadonlySet<string>,
): Array<[unknown, string[]]> {
  const later = ix.after(at)
  const out: Array<[unknown, string[]]> = []
  const byScript = new Map<number, string[]>()
  for (const g of scriptGoals(ix))
    if (g.slipped && wanted.has(g.key) && later[g.node]) byScript.set(g.node, [...(byScript.get(g.node) ?? []), g.key])
  for (const [node, aims] of byScript) {
    const sc = ix.graph.config(node) as ScriptConfig
    const reads = sc.inputs.some((x) => operand(x.value).paths.some((p) => feeds(p.split('.')[0]!)))
    // The Script's own constants, and the node's ordinary answers (every choice of a choice question: a rate
    // table keyed by the choice has no string the scan would find).
    if (reads) for (const v of [...scriptCandidates(sc.code), ...ordinary]) out.push([v, aims])
  }
  return out
}
