import type { LogTrace } from '../../shared/api/commands/logs'
import type { EmulatorSession } from '../../shared/api/commands/emulator'
import type { FlowDocument } from '../../shared/flow/document'
import { overlayOf } from '../emulator/overlay'
import { useOverlayStore } from '../emulator/overlay-store'

// "Show on canvas": the logged run's path through the emulator's canvas overlay (the one place the canvas reads a
// path from), so a logged run and a test run are drawn by the same code. The emulator's next session replaces it.

export function showOnCanvas(doc: FlowDocument, t: LogTrace): void {
  const last = t.trace.at(-1)
  const session: EmulatorSession = {
    flowId: t.run.flowId,
    contact: {
      id: t.run.contact.id,
      name: t.run.contact.name,
      phone: t.run.contact.phone,
      optedIn: true,
      lastInboundAt: null,
      fields: {},
      language: null,
    },
    run: {
      id: t.run.id,
      status: t.run.status,
      triggerKind: t.run.triggerKind,
      endReason: t.run.endReason,
      error: t.run.error,
      waitingNodeId: t.run.status === 'paused' ? (last?.nodeId ?? null) : null,
      wakeAt: t.run.status === 'paused' ? t.run.wakeAt : null,
      vars: t.vars,
      startedAt: t.run.startedAt,
    },
    messages: t.messages,
    trace: t.trace,
    clockOffsetMs: 0,
  }
  const store = useOverlayStore.getState()
  store.setOverlay(overlayOf(doc, session, null))
  store.setVisible(true)
}
