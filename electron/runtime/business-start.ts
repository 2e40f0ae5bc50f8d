// Business-initiated work under contacts' locks (a broadcast recipient's start, broadcast-host.ts): the core with the
// 24-hour window and opt-out enforced, the writes committed with the contact's (or, in a group, the contacts') one
// transaction, and their messages sent as any step's. One contact (withContact), or a group of a broadcast round's
// recipients in one transaction of their contacts (withContacts, creating them) on a store that has those.
import type { ConversationEvent } from '../../shared/engine/core'
import { dueAt } from '../../shared/engine'
import type { SplitHandled } from './split-choice'
import type { ContactTx, ContactWrites, OutboxItem, RuntimeStore } from './store'

/** The core for the contact holding `tx` (as `fn` updated it, when given). */
export type Core = (event: ConversationEvent, contact?: ContactTx['contact']) => Promise<SplitHandled>
export type BusinessWrites = Omit<ContactWrites, 'leaseOutbound'> | null

/** What the runtime lends: its store, core, outbox and wake hints. */
export interface BusinessDeps {
  store: RuntimeStore
  core(tx: ContactTx, event: ConversationEvent, contact?: ContactTx['contact']): Promise<SplitHandled>
  /** The lease the outbox offers a step's messages now (Runtime.leaseOutbound). */
  lease(): ContactWrites['leaseOutbound']
  /** After the commit: leased messages go now, others make the sender read the outbox (Runtime.send). */
  send(sends: boolean, leased: OutboxItem[], offered: boolean): void
  adoptAll(chains: OutboxItem[][]): void
  hint(at: number | null): void
}

export class BusinessStarts {
  constructor(private readonly deps: BusinessDeps) {}

  /**
   * Work for one contact under its lock: `fn` gets the core and returns the writes to commit (none: nothing is
   * written); their messages are sent as any step's.
   */
  async inContact<T>(
    phone: string,
    name: string | undefined,
    fn: (tx: ContactTx, core: Core) => Promise<{ result: T; writes: BusinessWrites }>,
  ): Promise<T> {
    const d = this.deps
    let leased: OutboxItem[] = []
    let sends = false
    let offered = false
    let hint: number | null = null
    const result = await d.store.withContact(phone, name, async (tx) => {
      const { result, writes } = await fn(tx, (e, c) => d.core(tx, e, c))
      if (writes) {
        const lease = d.lease()
        offered = lease !== undefined
        leased = await tx.commit({ ...writes, leaseOutbound: lease })
        sends = writes.steps.some((s) => s.step.messages.length > 0)
        const last = writes.steps.at(-1)?.step.state
        hint = last ? dueAt(last) : null
      }
      return result
    })
    d.send(sends, leased, offered)
    d.hint(hint)
    return result
  }

  /**
   * `inContact` for several contacts (distinct phones) in one transaction (a broadcast round's group), on a store
   * that has them (RuntimeStore.withContacts, creating the contacts); null on one that has not (SQLite: the caller
   * starts them one by one). `fn` is called for each in order; a call returning no writes writes nothing (a contact it
   * created is not kept). If any call throws, nothing of any contact is kept. The messages the group leased are all
   * adopted by the sender (Outbox.adoptAll).
   */
  async inContacts<T>(
    who: Array<{ phone: string; name?: string }>,
    fn: (tx: ContactTx, core: Core, index: number) => Promise<{ result: T; writes: BusinessWrites }>,
  ): Promise<T[] | null> {
    const d = this.deps
    if (!d.store.withContacts) return null
    const lease = d.lease()
    const sends: boolean[] = []
    let hint: number | null = null
    const results = await d.store.withContacts(
      who.map((w) => w.phone),
      async (tx, k) => {
        const { result, writes } = await fn(tx, (e, c) => d.core(tx, e, c), k)
        if (!writes) return { result, writes: null }
        sends[k] = writes.steps.some((s) => s.step.messages.length > 0)
        const last = writes.steps.at(-1)?.step.state
        const due = last ? dueAt(last) : null
        if (due !== null && (hint === null || due < hint)) hint = due
        return { result, writes: { ...writes, leaseOutbound: lease } }
      },
      { create: who.map((w) => w.name) },
    )
    d.adoptAll(results.map((r) => r?.leased ?? []))
    for (const [k, r] of results.entries())
      if (r && !r.leased.length) d.send(sends[k] ?? false, [], lease !== undefined)
    d.hint(hint)
    return results.map((r, k) => {
      if (!r) throw new Error(`The contact ${who[k]!.phone} was not opened.`)
      return r.result
    })
  }
}
