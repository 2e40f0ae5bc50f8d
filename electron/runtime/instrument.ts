// The store as `chatflow serve` uses it, observed from outside: every committed contact transaction is counted
// (runs started, ended, failed; steps and their latency) and logged with its run and contact ids, and the outbox's
// outcomes count as deliveries. A Proxy, so neither store nor the runtime carries metrics code; only what a
// transaction committed is observed (a rolled-back step counts nothing).
import type { Logger } from 'pino'
import type { RuntimeMetrics } from './metrics'
import type { ContactTx, ContactWrites, DeliveryFailure, RuntimeStore } from './store'

export function instrumentStore<S extends RuntimeStore>(store: S, metrics: RuntimeMetrics, log: Logger): S {
  const observe = (writes: ContactWrites, seconds: number) => {
    metrics.stepSeconds.observe(seconds)
    for (const { flow, step } of writes.steps) {
      const s = step.state
      if (step.trace.length) metrics.steps.inc()
      if (step.trace[0]?.seq === 0) metrics.runsStarted.inc({ flow_id: flow.id })
      if (s.status === 'ended') metrics.runsEnded.inc({ flow_id: flow.id, reason: s.endReason ?? 'completed' })
      if (s.status === 'failed') metrics.runsFailed.inc({ flow_id: flow.id, code: s.error?.code ?? 'unknown' })
      log.info(
        {
          runId: s.id,
          contactId: s.contactId,
          flowId: flow.id,
          status: s.status,
          endReason: s.endReason ?? undefined,
          error: s.error?.code,
          nodes: step.trace.length,
          sent: step.messages.length,
        },
        'run step',
      )
    }
  }
  // A takeover started or ended, and the customer's messages held for the person: one line each, with the ids.
  const observeTakeovers = (writes: ContactWrites) => {
    for (const h of writes.handovers ?? []) {
      if ('start' in h) {
        const { id, by, runId, until } = h.start
        log.info({ handoverId: id, by, runId: runId ?? undefined, until: until ?? undefined }, 'takeover started')
      } else log.info({ handoverId: h.end.handoverId, by: h.end.by }, 'takeover ended')
    }
    for (const m of writes.transcript ?? [])
      if (m.direction === 'in') log.info({ handoverId: m.handoverId }, 'customer message held for the person')
  }
  const withContact: RuntimeStore['withContact'] = async (phone, name, fn) => {
    const started = performance.now()
    let committed: ContactWrites | null = null
    const result = await store.withContact(phone, name, (tx) =>
      fn(
        new Proxy(tx, {
          get: (t, p) =>
            p === 'commit'
              ? async (writes: ContactWrites) => {
                  const leased = await t.commit(writes)
                  committed = writes
                  return leased
                }
              : Reflect.get(t, p, t),
        }) as ContactTx,
      ),
    )
    // Only now is the transaction committed (PostgreSQL commits after fn returns).
    if (committed) observe(committed, (performance.now() - started) / 1000)
    if (committed) observeTakeovers(committed)
    return result
  }
  const outboundSent: RuntimeStore['outboundSent'] = async (...args) => {
    const waiting = await store.outboundSent(...args)
    metrics.deliveries.inc({ state: 'accepted' }, args[0].length)
    return waiting
  }
  const outboundFailed = async (seq: number, f: DeliveryFailure) => {
    await store.outboundFailed(seq, f)
    metrics.deliveries.inc({ state: 'failed' })
  }
  const overrides: Record<PropertyKey, unknown> = { withContact, outboundSent, outboundFailed }
  return new Proxy(store, {
    get(target, prop) {
      if (prop in overrides) return overrides[prop]
      const value = Reflect.get(target, prop, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}
