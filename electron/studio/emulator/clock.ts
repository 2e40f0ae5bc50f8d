import type { Effects } from '../../../shared/engine'
import { studioEffects } from '../effects/service'
import type { HandlerContext, ServiceFactory } from '../handlers/types'
import { RunService } from '../../services/runs'

// The emulator's clock (docs/emulator.md, "The clock"): each test contact lives at real time plus how far the tester
// has skipped ahead. Its runs are stepped on that clock (the conversation core's `now` and every time the engine
// stamps), so "Skip ahead" wakes a run that waits two hours without anyone waiting, and a later message is never
// stamped before the wake it follows. The offset only grows; it is kept in `emulator_clock` (migration 020).

export interface EmulatorClock {
  /** How far this contact's clock is ahead of real time (ms, 0 for a contact that never skipped). */
  offsetOf(contactId: string): number
  /** This contact's time now. */
  nowOf(contactId: string): number
  /** Moves this contact's clock on by `ms` (> 0); returns the new offset. */
  advance(contactId: string, ms: number): number
  /** The largest offset of any contact (0 when none skipped): how far ahead of real time the furthest clock is. */
  maxOffset(): number
}

export const emulatorClock: ServiceFactory<EmulatorClock> = (ctx) => {
  const read = ctx.db.prepare('SELECT offset_ms FROM emulator_clock WHERE contact_id = ?').pluck()
  const add = ctx.db.prepare(`
    INSERT INTO emulator_clock (contact_id, offset_ms) VALUES (?, ?)
    ON CONFLICT (contact_id) DO UPDATE SET offset_ms = emulator_clock.offset_ms + excluded.offset_ms`)
  const max = ctx.db.prepare('SELECT COALESCE(MAX(offset_ms), 0) FROM emulator_clock').pluck()
  const offsetOf = (contactId: string): number => (read.get(contactId) as number | undefined) ?? 0
  return {
    offsetOf,
    maxOffset: () => max.get() as number,
    nowOf: (contactId) => ctx.now() + offsetOf(contactId),
    advance(contactId, ms) {
      if (!Number.isSafeInteger(ms) || ms <= 0) throw new RangeError(`A skip must be a positive whole ms, not ${ms}.`)
      add.run(contactId, ms)
      return offsetOf(contactId)
    },
  }
}

/** The studio's effects with the clock of this contact in the emulator. */
export function effectsAt(base: Effects, offsetMs: number): Effects {
  if (offsetMs === 0) return base
  return { ...base, clock: { now: () => base.clock.now() + offsetMs } }
}

/**
 * A RunService whose clock is this contact's emulator clock (built per call: it only prepares statements). With
 * `enforceWindow`, the 24-hour window and opt-out are enforced on sends (the emulator's switch).
 */
export function runsAtClock(ctx: HandlerContext, contactId: string, enforceWindow = false): RunService {
  const offset = ctx.service(emulatorClock).offsetOf(contactId)
  return new RunService(ctx.db, {
    effects: effectsAt(ctx.service(studioEffects), offset),
    serviceWindow: enforceWindow,
  })
}
