import { Check, CheckCheck, Clock, TriangleAlert, type LucideIcon } from 'lucide-react'
import type { LogDelivery } from '../../shared/api/commands/logs'

// An outbound message's delivery as the channel reported it, under its bubble in the run's conversation: the
// phone's ticks (one grey: sent; two grey: delivered; two blue: read) with the state in words, and the channel's
// error when the message failed (or the last attempt's error while it is still being retried). The marks are shipped
// icons: a tick character is missing from some machines' fonts.

const MARK: Record<LogDelivery['state'], LucideIcon> = {
  pending: Clock,
  sent: Check,
  delivered: CheckCheck,
  read: CheckCheck,
  failed: TriangleAlert,
}

export function DeliveryState({ delivery }: { delivery: LogDelivery }) {
  const Mark = MARK[delivery.state]
  const when = delivery.at ? ` · ${new Date(delivery.at).toLocaleTimeString()}` : ''
  const tries =
    delivery.state === 'pending' && delivery.attempts > 0
      ? ` · ${delivery.attempts} attempt${delivery.attempts === 1 ? '' : 's'}`
      : ''
  return (
    <span className={`delivery delivery-${delivery.state}`} data-testid="delivery">
      <span className="delivery-state" aria-label={`Delivery: ${delivery.state}`}>
        <Mark size={12} aria-hidden="true" className="delivery-mark" /> {delivery.state}
        {when}
        {tries}
      </span>
      {delivery.error && <span className="delivery-error">{delivery.error}</span>}
    </span>
  )
}
