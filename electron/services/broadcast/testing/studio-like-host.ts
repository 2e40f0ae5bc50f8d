// Test support: a host that "starts" a recipient as the studio does (at once, nothing left in an outbox) and writes
// its outcome through the store, recording every start. Outcomes come from `decide` (blocked, a new conversation…).
import { HeldByLimit, type BroadcastHost } from '../runner'
import type { BroadcastStore, ClaimedRecipient, RecipientOutcome } from '../store'

export interface RecordingHost extends BroadcastHost {
  starts: Array<{ phone: string; at: number; seq: number; broadcastId: string }>
}

export function recordingHost(
  store: BroadcastStore,
  now: () => number,
  decide: (r: ClaimedRecipient) => RecipientOutcome = (r) => ({
    state: 'sent',
    runId: `run_${r.broadcastId}_${r.seq}`,
    cost: 1,
    templates: ['promo'],
    newConversation: true,
  }),
  /** Whether the recipient is inside its 24-hour window (one outside asks the daily limit's budget first). */
  inWindow: (r: ClaimedRecipient) => boolean = () => false,
): RecordingHost {
  const starts: RecordingHost['starts'] = []
  return {
    starts,
    async start(r, limit) {
      if (!inWindow(r) && limit && !limit.take()) throw new HeldByLimit()
      const outcome = decide(r)
      const ok = await store.settle({ broadcastId: r.broadcastId, seq: r.seq, outcome, at: now() })
      if (ok) starts.push({ phone: r.phone, at: now(), seq: r.seq, broadcastId: r.broadcastId })
      return outcome
    },
  }
}
