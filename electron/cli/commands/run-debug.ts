// `chatflow run --break <node>`: the debugger in the terminal (docs/emulator.md, "Debugging"). The run stops before
// each named node, prints the variables, and asks c (continue), s (step: stop before the next node) or q (quit). With
// stdin not a terminal (CI logs) it prints the same and continues by itself, so a log shows every stop.
import { debugHooks, type Breakpoint, type DebugHooks, type StepResult } from '../../../shared/engine'
import type { FlowDocument } from '../../../shared/flow/document'
import type { RunService } from '../../services/runs'

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

/** What a stop prints: where the run waits and why, then the variables (the run's state, as JSON). */
export function pausedNote(
  flow: FlowDocument,
  debug: { nodeId: string; reason: string },
  vars: Record<string, unknown>,
): string {
  const where = flow.nodes.find((n) => n.id === debug.nodeId)?.name ?? 'its waiting node'
  return `(paused before ${where}${debug.reason === 'step' ? '' : ': breakpoint'})\n${JSON.stringify(vars, null, 2)}\n`
}

export interface HoldOptions {
  service: RunService
  contactId: string
  flow: FlowDocument
  breaks: readonly Breakpoint[]
  /** A person answers (c / s / q); otherwise each stop is printed and the run continues. */
  interactive: boolean
  /** The chat's own input: a stop takes its answer from the same lines as the chat. */
  input: AsyncIterator<string>
  write: (s: string) => void
  /** Prints a step the run made (the chat's own printing: messages, the next stop). */
  show: (step: StepResult) => Promise<void>
}

/**
 * While the debugger holds the contact's run: ask c / s / q (a terminal), or go on by itself (a pipe), until the run
 * is no longer held. True when the person quit: the run is cancelled and the chat ends.
 */
export async function holdWhilePaused(o: HoldOptions): Promise<boolean> {
  for (let auto = 0; ; auto++) {
    const held = o.service.pausedRun(o.contactId)
    if (!held?.debug) return false
    let answer: DebugAnswer | null = 'continue'
    if (o.interactive) {
      o.write('[c]ontinue, [s]tep or [q]uit? ')
      answer = null
      while (!answer) {
        const next = await o.input.next()
        answer = next.done ? 'quit' : debugAnswer(next.value)
        if (!answer) o.write('(c, s or q) ')
      }
    } else if (auto >= MAX_AUTO_CONTINUES) {
      o.write(`(stopped after ${MAX_AUTO_CONTINUES} stops for one message: the flow probably loops)\n`)
      answer = 'quit'
    } else o.write('(continuing: stdin is not a terminal)\n')
    if (answer === 'quit') {
      o.service.end(held, 'cancelled')
      o.write('(run ended: cancelled)\n')
      return true
    }
    const step = await o.service.goOn(held.id, o.flow, { debug: cliHooks(o.flow, o.breaks, answer === 'step') })
    if (step) await o.show(step)
  }
}
