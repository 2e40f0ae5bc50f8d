// Helpers of the Tests tab's "Untested traffic" (UntestedTraffic.tsx): the period a choice of days means, how a
// connection is named for a person, and a test name no saved test of the flow has yet.
import type { UntestedBranch } from '../../shared/api/commands/untested'
import type { FlowDocument } from '../../shared/flow/document'
import type { Port } from '../../shared/nodes/types'

/** The last `days` UTC days up to today, both ends included, as the traffic commands take them. */
export function lastDays(days: number, now: number): { from: string; to: string } {
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10)
  return { from: day(now - (days - 1) * 86_400_000), to: day(now) }
}

/** "which → No → bye": the nodes by name and the port by its label, as the canvas shows them. */
export function branchLabel(
  doc: Pick<FlowDocument, 'nodes'>,
  b: Pick<UntestedBranch, 'from' | 'port' | 'to'>,
  portsOf: (node: FlowDocument['nodes'][number]) => Port[],
): string {
  const node = (id: string) => doc.nodes.find((n) => n.id === id)
  const from = node(b.from)
  const port = from ? portsOf(from).find((p) => p.id === b.port) : undefined
  return `${from?.name ?? b.from} → ${port?.label || b.port} → ${node(b.to)?.name ?? b.to}`
}

/** `base`, or `base 2`, `base 3`… : the first that no test in `taken` is named (test names are unique per flow). */
export function freeTestName(base: string, taken: readonly string[]): string {
  const names = new Set(taken)
  const trimmed = base.slice(0, 110)
  if (!names.has(trimmed)) return trimmed
  for (let n = 2; ; n++) if (!names.has(`${trimmed} ${n}`)) return `${trimmed} ${n}`
}

/** A share as a person reads it: "30 %", "< 1 %" for a few runs among many. */
export function percent(share: number): string {
  if (share > 0 && share < 0.01) return '< 1 %'
  return `${Math.round(share * 100)} %`
}
