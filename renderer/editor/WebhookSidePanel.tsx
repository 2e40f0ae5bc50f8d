import { WebhookPanel } from '../webhook/WebhookPanel'
import { SidePanel } from './SidePanel'

/** The flow's webhook endpoint and secret beside the canvas, opened from the toolbar. */
export function WebhookSidePanel({ flowId, onClose }: { flowId: string; onClose(): void }) {
  return (
    <SidePanel label="Webhook settings" title="Webhook trigger" closeLabel="Close webhook settings" onClose={onClose}>
      <WebhookPanel flowId={flowId} />
    </SidePanel>
  )
}
