// Which connections runs took that no saved test takes (docs/testing.md, "Untested traffic"). A connection is a
// branch of today's flow (its source node and port, coverage/branches.ts) where it still leads where the runs went:
// one a run took in an older revision that today's flow no longer has cannot be tested, so it is not listed.
import type { TrafficEdge } from '../../../shared/api/commands/traffic'
import type { UntestedBranch } from '../../../shared/api/commands/untested'
import type { FlowDocument } from '../../../shared/flow/document'
import { portKey } from '../coverage/branches'

export function untestedBranches(
  flow: Pick<FlowDocument, 'edges'>,
  edges: readonly TrafficEdge[],
  periodRuns: number,
  taken: ReadonlySet<string>,
): Array<Omit<UntestedBranch, 'runId'>> {
  const inFlow = new Set(flow.edges.map((e) => `${portKey(e.source, e.sourcePort)}\u0000${e.target}`))
  return edges
    .filter((e) => e.runs > 0 && inFlow.has(`${portKey(e.from, e.port)}\u0000${e.to}`))
    .filter((e) => !taken.has(portKey(e.from, e.port)))
    .map((e) => ({ from: e.from, port: e.port, to: e.to, runs: e.runs, share: periodRuns ? e.runs / periodRuns : 0 }))
    .sort((a, b) => b.runs - a.runs || cmp(a.from, b.from) || cmp(a.port, b.port) || cmp(a.to, b.to))
}

const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)
