import type { EmulatorMessage } from '../../shared/api/commands/emulator'
import type { TraceEvent } from '../../shared/engine'

// Which trace step produced a bot message. Messages carry no node id, but a run sends its messages in trace order
// and each sending step sends one message: a node of a sending type that ran, or a waiting node that took an
// answer it could not accept and sent its question again (a resume without a port). Failed nodes send nothing.
const SENDERS = new Set(['message', 'interactive_message', 'question', 'template_message', 'media_message', 'spm', 'mpm', 'chat_flow'])

export function isSendingStep(t: TraceEvent): boolean {
  return SENDERS.has(t.nodeType) && !t.error && (t.phase === 'run' || t.port === null)
}

/** The trace event behind the message at `index` of the conversation, or null for customer messages. */
export function traceOfMessage(messages: EmulatorMessage[], trace: TraceEvent[], index: number): TraceEvent | null {
  const msg = messages[index]
  if (!msg || msg.direction !== 'out') return null
  const nth = messages.slice(0, index).filter((m) => m.direction === 'out').length
  return trace.filter(isSendingStep)[nth] ?? null
}
