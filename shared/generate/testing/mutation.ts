// Test and bench helper, the mutation check of issue 38: copies of a flow with one small change each, of the kinds
// a slip of the hand makes, and how many of them a generated suite catches. The changes: each rule operator moved to
// its near neighbour (> ↔ ≥, < ↔ ≤, = ↔ ≠), each comparison in a Script's code the same way (> ↔ >=, < ↔ <=,
// === ↔ !==, == ↔ !=), each branch redirected to where a sibling port goes, each sending node deleted (what led into
// it goes on to what followed it).
import type { ConversationTest } from '../../engine/conversation'
import { runConversationTest } from '../../engine/conversation'
import type { EngineDeps } from '../../engine/deps'
import type { FlowDocument } from '../../flow/document'
import type { NodeType } from '../../flow/node-types'
import { NODE_DEFINITIONS } from '../../nodes/registry'

export type MutantKind = 'rule' | 'script' | 'redirect' | 'delete'

export interface Mutant {
  kind: MutantKind
  what: string
  flow: FlowDocument
}

/** A rule operator and its near neighbour: what a boundary or equality slip turns it into. */
export const NEAR: Record<string, string> = {
  greater_than: 'greater_or_equal',
  greater_or_equal: 'greater_than',
  less_than: 'less_or_equal',
  less_or_equal: 'less_than',
  equals: 'not_equals',
  not_equals: 'equals',
}

type Group = { rules?: Array<{ operator: string }> }

const groupsOf = (n: FlowDocument['nodes'][number]): Group[] =>
  n.type === 'condition'
    ? [n.config as Group]
    : n.type === 'router'
      ? ((n.config as { routes?: Group[] }).routes ?? [])
      : []

export function allMutants(flow: FlowDocument): Mutant[] {
  return [...ruleMutants(flow), ...scriptMutants(flow), ...redirectMutants(flow), ...deleteMutants(flow)]
}

export function ruleMutants(flow: FlowDocument): Mutant[] {
  const out: Mutant[] = []
  flow.nodes.forEach((n, i) =>
    groupsOf(n).forEach((g, gi) =>
      (g.rules ?? []).forEach((rule, ri) => {
        const to = NEAR[rule.operator]
        if (!to) return
        const copy = structuredClone(flow)
        groupsOf(copy.nodes[i]!)[gi]!.rules![ri]!.operator = to
        const where = `${n.name} rule ${ri + 1}${n.type === 'router' ? ` of route ${gi + 1}` : ''}`
        out.push({ kind: 'rule', what: `${where}: ${rule.operator} → ${to}`, flow: copy })
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
      ;(copy.nodes[i]!.config as { code: string }).code = code.slice(0, c.at) + c.to + code.slice(c.at + c.op.length)
      const line = code.slice(0, c.at).split('\n').length
      out.push({ kind: 'script', what: `${n.name} line ${line}: ${c.op} → ${c.to}`, flow: copy })
    }
  })
  return out
}

const SCRIPT_FLIPS: Array<[string, string]> = [
  ['===', '!=='],
  ['!==', '==='],
  ['>>', ''],
  ['<<', ''],
  ['=>', ''],
  ['==', '!='],
  ['!=', '=='],
  ['>=', '>'],
  ['<=', '<'],
  ['>', '>='],
  ['<', '<='],
  ['=', ''],
]

/** The comparison operators of a script, outside strings and comments, each with its near neighbour. */
export function comparisonsIn(code: string): Array<{ at: number; op: string; to: string }> {
  const out: Array<{ at: number; op: string; to: string }> = []
  for (let i = 0; i < code.length;) {
    const ch = code[i]!
    if (ch === '/' && code[i + 1] === '/') {
      const end = code.indexOf('\n', i)
      i = end < 0 ? code.length : end
      continue
    }
    if (ch === '/' && code[i + 1] === '*') {
      const end = code.indexOf('*/', i + 2)
      i = end < 0 ? code.length : end + 2
      continue
    }
    if (ch === "'" || ch === '"' || ch === '`') {
      let j = i + 1
      while (j < code.length && code[j] !== ch) j += code[j] === '\\' ? 2 : 1
      i = j + 1
      continue
    }
    const flip = SCRIPT_FLIPS.find(([op]) => code.startsWith(op, i))
    if (!flip) {
      i++
      continue
    }
    if (flip[1]) out.push({ at: i, op: flip[0], to: flip[1] })
    i += flip[0].length
  }
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
      out.push({ kind: 'redirect', what: `${n.name} → ${e.sourcePort}: to ${name(other.target)}`, flow: copy })
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
    out.push({ kind: 'delete', what: `${n.name} deleted`, flow: copy })
  }
  return out
}

export interface MutationScore {
  total: number
  killed: number
  survivors: string[]
}

/** Plays the suite against each mutant, until a test fails (the mutant is killed) or every test passed. */
export async function mutationScore(
  mutants: readonly Mutant[],
  tests: readonly ConversationTest[],
  deps: EngineDeps,
): Promise<MutationScore> {
  const survivors: string[] = []
  for (const m of mutants) {
    let killed = false
    for (const t of tests) {
      const r = await runConversationTest(m.flow, t, deps).catch(() => ({ failures: [1] }))
      if (r.failures.length) {
        killed = true
        break
      }
    }
    if (!killed) survivors.push(`${m.kind}: ${m.what}`)
  }
  return { total: mutants.length, killed: mutants.length - survivors.length, survivors }
}
