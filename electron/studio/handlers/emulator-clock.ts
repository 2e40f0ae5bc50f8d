import { dueAt } from '../../../shared/engine'
import { formatSpan } from '../../../shared/text/span'
import { emulatorClock } from '../emulator/clock'
import { recordSkip } from '../emulator/skips'
import { endDueTakeovers } from '../runs/takeover-timer'
import { lookup, outcome } from '../emulator/outcome'
import { contactOf, flowOf, runsFor, toMocks } from '../emulator/service'
import { ApiFailure } from '../../services/failure'
import type { Handler } from './types'
import { hooksFor } from '../emulator/debug-sessions'

// The emulator's clock half of the emulator area (docs/emulator.md, "The clock"); handlers/emulator.ts spreads it.

export const emulatorClockHandlers: { 'emulator.skip': Handler<'emulator.skip'> } = {
  'emulator.skip': async (req, ctx) => {
    flowOf(ctx, req.flowId) // a flow that no longer exists is refused before the clock moves
    const clock = ctx.service(emulatorClock)
    const before = runsFor(ctx, req.enforceWindow, req.contactId)
    const contact = contactOf(before, req.contactId)
    const paused = before.runs.pausedOf(contact.id)
    const due = paused ? dueAt(paused) : null
    let skippedMs: number
    if (req.to.kind === 'due') {
      if (due === null)
        throw new ApiFailure('nothing_due', 'The conversation does not wait on time: choose how far to skip instead.')
      skippedMs = Math.max(0, due - clock.nowOf(contact.id))
    } else skippedMs = req.to.ms
    if (skippedMs > 0) clock.advance(contact.id, skippedMs)
    // A takeover given a time to come back to the bot (the Person tab's "until") ends once the clock reaches it.
    const handedBack = skippedMs > 0 && (await endDueTakeovers(ctx, contact.id)).length > 0

    // Time acts as production's timers would: the expiry sweep closes a run whose 24-hour window passed, then the
    // run that has fallen due is woken. Both are the conversation core's decisions, on the moved clock.
    const runs = runsFor(ctx, req.enforceWindow, contact.id)
    const skipped = `Skipped ${formatSpan(skippedMs)}${handedBack ? ': the person’s time was up, the bot has the conversation again' : ''}`
    // A skip the run did not wake from still shapes what it does next (its window, a later timeout): a test saved
    // from the run says that time passed here (skips.ts).
    const noteSkip = () => {
      if (paused && skippedMs > 0) recordSkip(ctx.db, paused.id, clock.nowOf(contact.id))
    }
    if (paused && !runs.pausedRun(contact.id)) {
      noteSkip()
      return {
        ...outcome(
          ctx,
          req.flowId,
          contact.id,
          'ignored',
          `${skipped}: the customer's 24-hour window closed and the waiting conversation expired.`,
          paused.flowId === req.flowId ? paused.id : null,
        ),
        skippedMs,
      }
    }
    if (!paused) return { ...outcome(ctx, req.flowId, contact.id, 'ignored', `${skipped}.`, null), skippedMs }
    // While the debugger is attached, a wake stops at the breakpoints like any step of the phone.
    const debug = hooksFor(ctx, req.flowId, contact.id)
    const handled = await runs.handle(
      contact,
      { kind: 'wake' },
      { flowOf: lookup(ctx), mocks: toMocks(req.mocks), debug },
    )
    const runId = paused.flowId === req.flowId ? paused.id : null
    if (handled.ran) {
      return { ...outcome(ctx, req.flowId, contact.id, 'resumed', null, handled.ran.step.state.id), skippedMs }
    }
    noteSkip()
    const still = runs.runs.state(paused.id)
    const left = still ? dueAt(still) : null
    const notice =
      left !== null
        ? `${skipped}; the conversation still waits (due in ${formatSpan(Math.max(0, left - clock.nowOf(contact.id)))}).`
        : `${skipped}; the conversation still waits for the customer.`
    return { ...outcome(ctx, req.flowId, contact.id, 'ignored', notice, runId), skippedMs }
  },
}
