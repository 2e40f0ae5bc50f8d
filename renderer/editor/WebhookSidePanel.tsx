import { WebhookPanel } from '../webhook/WebhookPanel'
import { X } from 'lucide-react'

/** The flow's webhook endpoint and secret beside the canvas, opened from the toolbar. */
export function WebhookSidePanel({ flowId, onClose }: { flowId: string; onClose(): void }) {
  return (
    <aside className="revisions-panel" aria-label="Webhook settings">
      <header className="node-panel-head">
        <h2>Webhook trigger</h2>
        <button type="button" aria-label="Close webhook settings" onClick={onClose}>
          <X size={14} aria-hidden="true" />
        </button>
      </header>
      <WebhookPanel flowId={flowId} />
    </aside>
  )
}
