import type { FlowDocument } from '../../../shared/flow/document'
import { runsAtClock } from '../emulator/clock'
import { ApiFailure } from '../../services/failure'
import type { HandlerContext, ServiceFactory } from '../handlers/types'
import { flowStore } from '../../services/store/flows'
import { WakeQueries } from './wake-queries'
import { announceHandBack, endDueTakeovers } from './takeover-timer'

// Runs that wait on time (a Wait node, "no reply within") are woken by the studio itself when they fall due, as
// the production runtime's timers do (docs/engine.md, "Expiry without a message"): a run a webhook or an operator
// started waits two hours and goes on, with nobody writing. The scheduler delivers `{kind: 'wake'}` through
// RunService.handle; the conversation core decides what it does (resume on the timeout path, or nothing when the
// run has moved on), so a late, repeated or raced wake is harmless. At start it wakes what fell due while the studio
// was closed, and says how late. The due times live in the database (runs.wake_at), never in timers of their own:
// one timer sleeps until the earliest, looking again at least every WAKE_POLL_MS for waits begun meanwhile.

/** The longest the scheduler sleeps; a wait begun while it sleeps wakes at most this late. */
export const WAKE_POLL_MS = 5_000
/** Runs woken per pass; a fuller backlog is taken in further passes straight after. */
export const WAKE_BATCH = 100
/** A wake later than this (the studio was closed, the machine slept) is written to the log with its delay. */
export const LATE_WAKE_MS = 60_000

export interface RunWaker {
  /** Wakes every run due now (one batch); resolves to how many it handed to the core. */
  wakeDue(): Promise<number>
  close(): void
}

function flowLookup(ctx: HandlerContext): (id: string) => FlowDocument | null {
  return (id) => {
    try {
      return ctx.service(flowStore).get(id).document
    } catch (err) {
      if (err instanceof ApiFailure && err.code === 'not_found') return null
      throw err
    }
  }
}

export const runWaker: ServiceFactory<RunWaker> = (ctx) => {
  const queries = new WakeQueries(ctx.db)
  const flowOf = flowLookup(ctx)
  let closed = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let pass: Promise<number> | null = null

  async function wakeBatch(): Promise<number> {
    // Takeovers given a time to come back to the bot end first: a run they held may then be woken in this pass.
    for (const contactId of await endDueTakeovers(ctx).catch((err: unknown) => {
      ctx.log(`ending due takeovers failed: ${err instanceof Error ? err.message : String(err)}`)
      return [] as string[]
    }))
      announceHandBack(ctx, contactId)
    const now = ctx.now()
    const due = queries.due(now, WAKE_BATCH)
    for (const run of due) {
      if (closed) break
      try {
        // On the contact's own clock: real time, or the emulator's for a test contact that skipped ahead.
        const runs = runsAtClock(ctx, run.contactId)
        const contact = runs.contacts.get(run.contactId)
        if (!contact) continue
        const handled = await runs.handle(contact, { kind: 'wake' }, { flowOf })
        const late = now + run.offsetMs - run.wakeAt
        if (handled.ran && late > LATE_WAKE_MS)
          ctx.log(`woke run ${run.id} ${Math.round(late / 1000)} s after it was due`)
        const flowIds = new Set(handled.steps.map((s) => s.flow.id))
        for (const flowId of flowIds) ctx.emit('logs.changed', { flowId, deleted: 0 })
        ctx.emit('emulator.updated', {
          flowId: run.flowId,
          contactId: run.contactId,
          runId: handled.ran?.step.state.id ?? run.id,
          source: 'wake',
        })
      } catch (err) {
        ctx.log(`waking run ${run.id} failed: ${err instanceof Error ? err.message : String(err)}`)
      }
    }
    return due.length
  }

  function arm(delay: number): void {
    if (closed) return
    clearTimeout(timer)
    timer = setTimeout(() => void wakeDue(), Math.max(0, delay))
    timer.unref?.()
  }

  function wakeDue(): Promise<number> {
    if (closed) return Promise.resolve(0)
    // One pass at a time: a pass in flight is joined, not doubled.
    pass ??= wakeBatch()
      .catch((err) => {
        ctx.log(`waking due runs failed: ${err instanceof Error ? err.message : String(err)}`)
        return 0
      })
      .then((n) => {
        pass = null
        const now = ctx.now()
        const next = n >= WAKE_BATCH ? now : queries.next(now + WAKE_POLL_MS)
        arm(next === null ? WAKE_POLL_MS : Math.min(next - now, WAKE_POLL_MS))
        return n
      })
    return pass
  }

  // After a tick, so a host that subscribes right after creating the back end hears the first pass's events.
  arm(0)
  return {
    wakeDue,
    close() {
      closed = true
      clearTimeout(timer)
    },
  }
}
