// Test and bench helper, the mutation check of issue 38: copies of a flow with one small change each, of the kinds
// a slip of the hand makes, and how many of them a generated suite catches. The changes: each rule operator moved to
// its near neighbour (> ↔ ≥, < ↔ ≤, = ↔ ≠), each comparison in a Script's code the same way (> ↔ >=, < ↔ <=,
// === ↔ !==, == ↔ !=), each branch redirected to where a sibling port goes, each sending node deleted (what led into
// it goes on to what followed it).
import type { ConversationTest } from '../../engine/conversation'
import { runConversationTest } from '../../engine/conversation'
import type { EngineDeps } from '../../engine/deps'
import type { FlowDocument } from '../../flow/document'
import type { FlowCatalogue } from '../../flow/catalogue'
import { flowsFrom } from '../../engine/flow-source'
import type { NodeType } from '../../nodes/node-types'
import { NODE_DEFINITIONS } from '../../nodes/registry'
import type { Unreached } from '../suite'
import { comparisonsIn, lineOf, withSlip } from '../script-slips'
import { NEAR_OPERATOR } from '../goals'
import { groupsOf } from './mutants'

export type MutantKind = 'rule' | 'script' | 'redirect' | 'delete'

export interface Mutant {
  kind: MutantKind
  what: string
  flow: FlowDocument
  /** The node (and port) it changes, for telling a change no run can reach. */
  at: { nodeId: string; port?: string }
}

export function allMutants(flow: FlowDocument): Mutant[] {
  return [...ruleMutants(flow), ...scriptMutants(flow), ...redirectMutants(flow), ...deleteMutants(flow)]
}

export function ruleMutants(flow: FlowDocument): Mutant[] {
  const out: Mutant[] = []
  flow.nodes.forEach((n, i) =>
    groupsOf(n).forEach((g, gi) =>
      (g.rules ?? []).forEach((rule, ri) => {
        const to = NEAR_OPERATOR[rule.operator]
        if (!to) return
        const copy = structuredClone(flow)
        groupsOf(copy.nodes[i]!)[gi]!.rules![ri]!.operator = to
        const where = `${n.name} rule ${ri + 1}${n.type === 'router' ? ` of route ${gi + 1}` : ''}`
        out.push({ kind: 'rule', what: `${where}: ${rule.operator} → ${to}`, flow: copy, at: { nodeId: n.id } })
      }),
    ),
  )
  return out
}

export function scriptMutants(flow: FlowDocument): Mutant[] {
  const out: Mutant[] = []
  flow.nodes.forEach((n, i) => {
    if (n.type !== 'script') return
    const code = String((n.config as { code?: unknown }).code ?? '')
    for (const c of comparisonsIn(code)) {
      const copy = structuredClone(flow)
      ;(copy.nodes[i]!.config as { code: string }).code = withSlip(code, c)
      out.push({
        kind: 'script',
        what: `${n.name} ${lineOf(code, c.at)}: ${c.op} → ${c.to}`,
        flow: copy,
        at: { nodeId: n.id },
      })
    }
  })
  return out
}

/** Each edge out of a node with several ports, sent where the next sibling port with another target goes. */
export function redirectMutants(flow: FlowDocument): Mutant[] {
  const out: Mutant[] = []
  const name = (id: string) => flow.nodes.find((n) => n.id === id)?.name ?? id
  for (const n of flow.nodes) {
    const edges = flow.edges.filter((e) => e.source === n.id)
    if (edges.length < 2) continue
    edges.forEach((e, k) => {
      const other = [...edges.slice(k + 1), ...edges.slice(0, k)].find((x) => x.target !== e.target)
      if (!other) return
      const copy = structuredClone(flow)
      copy.edges.find((x) => x.id === e.id)!.target = other.target
      out.push({
        kind: 'redirect',
        what: `${n.name} → ${e.sourcePort}: to ${name(other.target)}`,
        flow: copy,
        at: { nodeId: n.id, port: e.sourcePort },
      })
    })
  }
  return out
}

/** Each node that sends a message, deleted: what led into it goes on where its first connected port went. */
export function deleteMutants(flow: FlowDocument): Mutant[] {
  const out: Mutant[] = []
  for (const n of flow.nodes) {
    if (n.type === 'trigger' || (NODE_DEFINITIONS[n.type as NodeType]?.sends.length ?? 0) === 0) continue
    const copy = structuredClone(flow)
    const next = copy.edges.find((e) => e.source === n.id)?.target
    copy.nodes = copy.nodes.filter((x) => x.id !== n.id)
    copy.edges = copy.edges
      .filter((e) => e.source !== n.id && (e.target !== n.id || next !== undefined))
      .map((e) => (e.target === n.id ? { ...e, target: next! } : e))
    out.push({ kind: 'delete', what: `${n.name} deleted`, flow: copy, at: { nodeId: n.id } })
  }
  return out
}

/**
 * A mutant no run can tell from the flow because it changes only what no run reaches: a branch, or every way out of a
 * node, that the generator proved unreachable (the rules or the graph). Equivalent mutants are left out of the score.
 */
export function provenEquivalent(m: Mutant, unreached: readonly Unreached[]): boolean {
  const proven = unreached.filter((u) => u.proven && u.nodeId === m.at.nodeId)
  if (m.kind === 'redirect') return proven.some((u) => u.port === m.at.port)
  if (m.kind === 'delete') return proven.length > 0
  return false
}

export interface MutationScore {
  /** Mutants that are not equivalent. */
  total: number
  killed: number
  survivors: string[]
  /** Mutants left out as equivalent, with why. */
  equivalent: string[]
}

/**
 * Plays the suite against each mutant, until a test fails (the mutant is killed) or every test passed. `known`
 * names mutants judged equivalent by reading the flow (what, and why), beside those proven so.
 */
export async function mutationScore(
  mutants: readonly Mutant[],
  tests: readonly ConversationTest[],
  deps: EngineDeps,
  unreached: readonly Unreached[] = [],
  known: Readonly<Record<string, string>> = {},
): Promise<MutationScore> {
  const survivors: string[] = []
  const equivalent: string[] = []
  for (const m of mutants) {
    const name = `${m.kind}: ${m.what}`
    if (provenEquivalent(m, unreached)) {
      equivalent.push(`${name} (changes only what no run reaches)`)
      continue
    }
    if (known[name]) {
      equivalent.push(`${name} (${known[name]})`)
      continue
    }
    let killed = false
    for (const t of tests) {
      const r = await runConversationTest(m.flow, t, deps).catch(() => ({ failures: [1] }))
      if (r.failures.length) {
        killed = true
        break
      }
    }
    if (!killed) survivors.push(name)
  }
  const total = mutants.length - equivalent.length
  return { total, killed: total - survivors.length, survivors, equivalent }
}

/** Mutants judged equivalent by reading their flows, by file name, with why (the flows are fixed files). */
export const KNOWN_EQUIVALENT: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'quote-script.flow.json': {
    'script: estimate line 5, column 29: > → >=':
      "a price of exactly 5000 then bands 'premium', but the only reader of band also needs price > 5000, and no message shows band",
  },
}

export interface FlowCheck {
  covered: number
  total: number
  tests: number
  score: MutationScore
}

/**
 * Generates the flow's suite and scores it against every mutant. The generator's clock stands still, so exploration
 * ends when it has nothing left to try, whatever the machine's speed: the check is bounded by work, not by time.
 */
export async function checkFlow(
  flow: FlowDocument,
  deps: EngineDeps,
  known: Readonly<Record<string, string>> = {},
  /** The flows beside it: its calls run for real against them, in the suite and against every mutant. */
  flows?: FlowCatalogue,
): Promise<FlowCheck> {
  const { generateSuite } = await import('../suite')
  const moment = Date.parse('2026-06-01T09:00:00Z')
  const suite = await generateSuite(flow, deps, { now: () => moment, flows })
  const tests = suite.tests.map((t) => t.test)
  const played = flows ? { ...deps, flows: flowsFrom(flows.all()) } : deps
  const score = await mutationScore(allMutants(flow), tests, played, suite.unreached, known)
  return { covered: suite.covered, total: suite.total, tests: tests.length, score }
}

/** "killed/total (percent)" of a score. */
export function describeScore(s: MutationScore): string {
  const pct = s.total ? (100 * s.killed) / s.total : 100
  return `${s.killed}/${s.total} (${pct.toFixed(1)} %)`
}
