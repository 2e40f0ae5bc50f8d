// The runtime's part in takeovers beside its steps (docs/runtime.md, "Human takeover"): the notifier and where its
// links point, the timer that ends API and studio takeovers at their `until`, and the takeover rows of the core's
// answers (handover-writes.ts). Runtime owns one; it keeps runtime.ts to the steps themselves.
import { dueAt, type ConversationEvent, type Handled } from '../../shared/engine'
import { endDueTakeovers, takeoverTimer } from './handover-control'
import { HandoverNotifier, type NotifierOptions } from './handover-notifier'
import { takeoverWrites } from './handover-writes'
import type { Runtime } from './runtime'
import type { ContactTx, RuntimeStore } from './store'

export class TakeoverHost {
  private readonly notifier: HandoverNotifier | null
  private readonly stopTimer: () => void
  /** The publish API's base URL, once it listens: takeover notifications link to it. */
  apiBase: string | null = null

  constructor(
    private readonly runtime: Runtime,
    store: RuntimeStore,
    opts: { notify?: Omit<NotifierOptions, 'now'>; pollMs: number | null; log: (message: string) => void },
  ) {
    this.notifier = opts.notify ? new HandoverNotifier(store.handovers, opts.notify) : null
    this.notifier?.start()
    // A Hand over node's `until` is its run's wake; API and studio takeovers given one are read at the wakes' poll.
    this.stopTimer = opts.pollMs !== null ? takeoverTimer(runtime, opts.pollMs, opts.log) : () => undefined
  }

  /** The takeover rows of the core's answer, to commit with its steps. */
  writes(tx: ContactTx, handled: Handled, event: ConversationEvent, now: number) {
    return takeoverWrites(tx, handled, event, now, this.notifier ? { apiBase: this.apiBase } : null)
  }

  /** A step committed notifications: send them now rather than at the next poll. */
  poke(): void {
    this.notifier?.poke()
  }

  /**
   * An event for an existing contact that no message or run decides (a takeover or hand-back through the publish
   * API, a timer's): the core's answer under the contact's lock, committed with its takeover rows. `when` decides,
   * under the lock, whether the event still applies (a timer's takeover may have ended meanwhile).
   */
  async contactEvent(
    phone: string,
    event: ConversationEvent,
    when: (contact: ContactTx['contact'], now: number) => boolean = () => true,
  ): Promise<{ handled: Handled | null }> {
    const runtime = this.runtime
    let after = () => undefined
    // A run whose wake was held while the person had the conversation (rule 15), still waiting after the hand-back.
    let held: { id: string; due: number } | null = null
    const handled = await runtime.store.withContact(phone, undefined, async (tx) => {
      const now = runtime.now()
      if (!when(tx.contact, now)) return null
      const handled = await runtime.handle(tx, event, now)
      after = await runtime.commit(tx, handled, event, now)
      const paused = handled.handover && 'end' in handled.handover && !handled.ran ? await tx.pausedRun() : null
      const due = paused ? dueAt(paused) : null
      if (paused && due !== null) held = { id: paused.id, due }
      return handled
    })
    after()
    const last = handled?.steps.at(-1)?.step.state
    if (last) runtime.hintWake(dueAt(last))
    // The scheduler held that run's claim for a lease each time the core said `with_person`: offered again now.
    const h = held as { id: string; due: number } | null
    if (h) {
      await runtime.store.releaseDue(h.id, 0)
      runtime.hintWake(h.due)
    }
    return { handled }
  }

  /** Ends the API and studio takeovers due now (Runtime.runDue); answers how many. */
  runDue(): Promise<number> {
    return endDueTakeovers(this.runtime)
  }

  async idle(): Promise<void> {
    await this.notifier?.idle()
  }

  async close(): Promise<void> {
    this.stopTimer()
    await this.notifier?.close()
  }
}
