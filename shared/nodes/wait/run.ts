import type { NodeRunner } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import { isTimeZone } from '../../flow/settings'
import { parseDuration } from '../../text/duration'
import { addDays, instantAt, minuteOfDay, nextOpenSlot, wallOf } from './calendar'
import type { WaitConfig } from './definition'
import { readInstant } from './instant'

// Wait: works out the instant, then waits on time alone through the engine's generic wait (customer: false). The
// engine carries the wake out (its `out` port); nothing here runs when the time comes. A message from the customer
// meanwhile does not end the wait (a keyword of another flow supersedes it, as any paused run).
export const waitRunner: NodeRunner<WaitConfig> = {
  run({ config, render, settings, effects }) {
    const zone = render(config.timeZone).trim() || settings.timeZone
    if (!isTimeZone(zone)) throw new NodeFailure('invalid_time', `'${zone}' is not a time zone.`)
    const now = effects.clock.now()
    let at = instantOf(config, now, zone, render)
    if (config.openHours.enabled) {
      const from = minuteOfDay(config.openHours.from)
      const to = minuteOfDay(config.openHours.to)
      const open =
        from !== null && to !== null ? nextOpenSlot(at, { from, to, days: config.openHours.days }, zone) : null
      if (open === null) throw new NodeFailure('invalid_time', 'The business hours have no open slot.')
      at = open
    }
    return {
      kind: 'wait',
      messages: [],
      output: { until: new Date(at).toISOString() },
      until: at,
      timeoutPort: 'out',
      customer: false,
    }
  },
}

function instantOf(c: WaitConfig, now: number, zone: string, render: (t: string) => string): number {
  switch (c.mode) {
    case 'duration': {
      const ms = parseDuration(c.duration)
      if (ms === null) throw new NodeFailure('invalid_time', `'${c.duration}' is not a duration.`)
      return now + ms
    }
    case 'time_of_day': {
      const minute = minuteOfDay(c.time)
      if (minute === null) throw new NodeFailure('invalid_time', `'${c.time}' is not a time of day.`)
      const today = wallOf(now, zone)
      const at = instantAt(addDays(today, Math.max(0, c.days)), minute, zone)
      return c.days <= 0 && at <= now ? instantAt(addDays(today, 1), minute, zone) : at
    }
    case 'until': {
      const text = render(c.until).trim()
      const at = readInstant(text, zone)
      if (at === null)
        throw new NodeFailure(
          'invalid_time',
          `'${text}' is not a date and time: expected 2026-12-01T10:00 (read in ${zone}), an ISO instant with its offset, or milliseconds.`,
        )
      return at
    }
  }
}
