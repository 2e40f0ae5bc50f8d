import type { RecipientView } from '../../../shared/broadcast'
import type { BroadcastService } from '../broadcast/service'

/** All of a broadcast's recipients, page by page (for the results CSV: 100,000 at most). */
export async function allRecipients(service: BroadcastService, id: string): Promise<RecipientView[]> {
  const out: RecipientView[] = []
  for (;;) {
    const page = await service.recipients(id, { after: out.at(-1)?.seq, limit: 500 })
    out.push(...page)
    if (page.length < 500) return out
  }
}
