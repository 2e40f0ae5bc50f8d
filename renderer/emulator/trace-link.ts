import type { EmulatorMessage } from '../../shared/api/commands/emulator'
import type { TraceEvent } from '../../shared/engine'

/**
 * The trace step that sent a bot message: the step whose `messageIds` name it. Customer messages, and messages
 * stored before messages had ids, belong to no step.
 */
export function traceOfMessage(message: EmulatorMessage | undefined, trace: TraceEvent[]): TraceEvent | null {
  const id = message?.direction === 'out' ? message.id : null
  return id ? (trace.find((t) => t.messageIds.includes(id)) ?? null) : null
}

/**
 * The decisions that led to a step without sending anything themselves (an Intent node's scores): the steps just
 * before it in the run, back to the previous one that sent a message or waited, that carry a `detail`. Clicking the
 * bubble an intent led to shows how the intent was read.
 */
export function decisionsBefore(event: TraceEvent, trace: TraceEvent[]): TraceEvent[] {
  const out: TraceEvent[] = []
  const earlier = trace.filter((t) => t.runId === event.runId && t.seq < event.seq).sort((a, b) => b.seq - a.seq)
  for (const t of earlier) {
    if (t.messageIds.length || t.port === null) break
    if (t.detail) out.unshift(t)
  }
  return out
}
