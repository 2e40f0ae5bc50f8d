// Which step sent which message. Messages keep the channel's shape (no id inside); each trace event lists the ids
// of the messages its node sent, and hosts store every message under its id, so the emulator links a bubble to
// its step from stored data rather than by counting.
import type { OutboundMessage, StepResult } from './types'

/** A message's id: its run, the trace step that sent it, and its place among that step's messages. Unique and
 *  the same wherever the run is replayed (studio, CLI, runtime), unlike a random id. */
export function messageId(runId: string, traceSeq: number, index: number): string {
  return `${runId}:${traceSeq}:${index}`
}

/** The kind a node type declares for a message it sends (NodeModule.sends): 'text', 'interactive.button', … */
export function messageKind(m: OutboundMessage): string {
  return m.type === 'interactive' ? `interactive.${m.interactive.type}` : m.type
}

/** The step's outbound messages with their ids, in send order. */
export function sentMessages(
  step: Pick<StepResult, 'messages' | 'trace'>,
): Array<{ id: string; message: OutboundMessage }> {
  const ids = step.trace.flatMap((t) => t.messageIds)
  if (ids.length !== step.messages.length) {
    throw new Error(`The step's trace names ${ids.length} sent messages but it holds ${step.messages.length}.`)
  }
  return step.messages.map((message, i) => ({ id: ids[i]!, message }))
}
