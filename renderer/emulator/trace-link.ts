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
