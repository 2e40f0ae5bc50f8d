// `chatflow run --break <node>`: the debugger in the terminal (docs/emulator.md, "Debugging"). The run stops before
// each named node, prints the variables, and asks c (continue), s (step: stop before the next node) or q (quit). With
// stdin not a terminal (CI logs) it prints the same and continues by itself, so a log shows every stop.
import { debugHooks, type Breakpoint, type DebugHooks } from '../../../shared/engine'
import type { FlowDocument } from '../../../shared/flow/document'

/** The --break values as node breakpoints: each a node's name or id in the flow; a message naming the unknown one. */
export function breakpointsOf(flow: FlowDocument, names: readonly string[]): Breakpoint[] | string {
  const out: Breakpoint[] = []
  for (const name of names) {
    const node = flow.nodes.find((n) => n.name === name) ?? flow.nodes.find((n) => n.id === name)
    if (!node) return `--break: the flow has no node '${name}' (its nodes: ${flow.nodes.map((n) => n.name).join(', ')})`
    out.push({ id: `break_${out.length + 1}`, at: { kind: 'node', nodeId: node.id }, enabled: true })
  }
  return out
}

/** Where the chat's run stops: the --break nodes (in the flow given), and every next node for a step. */
export function cliHooks(flow: FlowDocument, breaks: readonly Breakpoint[], step = false): DebugHooks | undefined {
  if (!breaks.length && !step) return undefined
  return debugHooks({ breakpoints: (flowId) => (flowId === flow.id ? breaks : []), step })
}

export type DebugAnswer = 'continue' | 'step' | 'quit'

/** c / s / q (or the words); null for anything else, asked again. */
export function debugAnswer(line: string): DebugAnswer | null {
  const a = line.trim().toLowerCase()
  if (a === 'c' || a === 'continue' || a === '') return 'continue'
  if (a === 's' || a === 'step') return 'step'
  if (a === 'q' || a === 'quit' || a === '/quit') return 'quit'
  return null
}

/**
 * A bound on the stops a non-interactive run goes through by itself for one message: a breakpoint inside a loop
 * would otherwise print forever.
 */
export const MAX_AUTO_CONTINUES = 1000
