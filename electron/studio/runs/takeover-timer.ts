import type { Database } from 'better-sqlite3'
import { endAtUntil } from '../../services/runs'
import { runsAtClock } from '../emulator/clock'
import type { HandlerContext } from '../handlers/types'

// A studio takeover given a "back to the bot at" time (the Contacts screen's, the emulator's Person tab's) ends by
// itself then, as the runtime's timer ends an API takeover (docs/runtime.md, "Human takeover"): a hand-back by
// `timeout`, decided by the conversation core under the contact's lock. The time is on the contact's own clock (a
// test contact that skipped ahead reaches it sooner). A Hand over node's "back after" is its run's wake instead.

/** Open takeovers without a Hand over run whose `until` has come on their contact's clock, at real time `now`. */
export function dueTakeovers(
  db: Database,
  now: number,
  opts: { limit: number; contactId?: string },
): Array<{ id: string; contactId: string }> {
  return db
    .prepare(
      `SELECT h.id, h.contact_id AS contactId FROM handovers h LEFT JOIN emulator_clock e ON e.contact_id = h.contact_id
        WHERE h.ended_at IS NULL AND h.run_id IS NULL AND h.until IS NOT NULL
          AND h.until <= @now + COALESCE(e.offset_ms, 0) AND (@contact IS NULL OR h.contact_id = @contact)
        ORDER BY h.until LIMIT @limit`,
    )
    .all({ now, limit: opts.limit, contact: opts.contactId ?? null }) as Array<{ id: string; contactId: string }>
}

/** Ends the due takeovers (of one contact, or all); answers the contacts whose takeover ended. */
export async function endDueTakeovers(ctx: HandlerContext, contactId?: string): Promise<string[]> {
  const ended: string[] = []
  for (const due of dueTakeovers(ctx.db, ctx.now(), { limit: 100, contactId })) {
    const runs = runsAtClock(ctx, due.contactId)
    const contact = runs.contacts.get(due.contactId)
    if (contact && (await endAtUntil(runs, contact, due.id))) ended.push(due.contactId)
  }
  return ended
}

/** An emulator showing the contact reloads (its newest run's flow names the emulator to tell). */
export function announceHandBack(ctx: HandlerContext, contactId: string): void {
  const run = ctx.db
    .prepare('SELECT id, flow_id FROM runs WHERE contact_id = ? ORDER BY started_at DESC, rowid DESC LIMIT 1')
    .get(contactId) as { id: string; flow_id: string } | undefined
  if (run) ctx.emit('emulator.updated', { flowId: run.flow_id, contactId, runId: run.id, source: 'wake' })
}
