import { z } from 'zod'
import type { NodeDefinition, Port, Problem, TextField, ValidateContext } from '../types'
import { error } from '../../flow/checks'
import { isTimeZone } from '../../flow/settings'
import { parseDuration } from '../../text/duration'
import { minuteOfDay, WEEKDAYS } from './calendar'
import { readInstant } from './instant'

const DAY = 86_400_000

export const WaitConfigSchema = z.object({
  mode: z
    .enum(['duration', 'time_of_day', 'until'])
    .default('duration')
    .describe(
      'duration: for a while; time_of_day: until a time of day, `days` days on; until: until a date and time (or an expression giving one).',
    ),
  duration: z.string().default('1h').describe('duration: how long, e.g. 30m, 2h, 1d 4h.'),
  time: z.string().default('10:00').describe('time_of_day: the time, HH:MM, in the time zone.'),
  days: z
    .number()
    .int()
    .default(1)
    .describe('time_of_day: 0 = the next time the clock shows it (today or tomorrow); 1 = tomorrow; n = in n days.'),
  until: z
    .string()
    .default('')
    .describe(
      'until: takes {{ }}: an instant with its offset (2026-12-01T10:00:00Z, 2026-12-01T10:00+01:00), a date and time read in the time zone (2026-12-01T10:00, 2026-12-01 10:00, 2026-12-01), or milliseconds since 1970. A time already past goes on at once.',
    ),
  timeZone: z
    .string()
    .default('')
    .describe("IANA time zone the times are read in (Europe/London); takes {{ }}; empty: the flow's time zone."),
  openHours: z
    .object({
      enabled: z.boolean().default(false).describe('Only go on inside these hours.'),
      from: z.string().default('09:00').describe('Opens at, HH:MM.'),
      to: z.string().default('19:00').describe('Closes at, HH:MM (after from).'),
      days: z
        .array(z.enum(WEEKDAYS))
        .default(['mon', 'tue', 'wed', 'thu', 'fri'])
        .describe('Open days: sun, mon, tue, wed, thu, fri, sat.'),
    })
    .prefault({})
    .describe('Business hours: a time outside them moves to the start of the next open slot, in the time zone.'),
})
export type WaitConfig = z.infer<typeof WaitConfigSchema>

/**
 * A failure port only where run-time values decide the instant: `until` may give something that is not one. (A
 * time zone from an expression that is none falls back to the flow's, with a note in the output: run.ts.)
 */
export function waitPorts(c: WaitConfig): Port[] {
  const out: Port[] = [{ id: 'out', label: 'Time is up' }]
  if (c.mode === 'until') out.push({ id: 'failure', label: 'Not a time', kind: 'failure' })
  return out
}

/** The longest the node holds the run: Infinity where run-time values or open hours decide. */
function maxMs(c: WaitConfig): number {
  let ms =
    c.mode === 'duration'
      ? (parseDuration(c.duration) ?? Infinity)
      : c.mode === 'time_of_day'
        ? (Math.max(0, c.days) + 1) * DAY + 2 * 3_600_000
        : Infinity
  if (c.openHours.enabled) ms += 7 * DAY
  return ms
}

function validate(c: WaitConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = []
  if (c.mode === 'duration') {
    const ms = parseDuration(c.duration)
    if (ms === null)
      out.push(
        error(
          ctx,
          'config.duration',
          `'${c.duration}' is not a duration: write it like 30m, 2h or 1d 4h.`,
          '/duration',
        ),
      )
    else if (ms < 1000 || ms > 365 * DAY)
      out.push(
        error(ctx, 'config.range', `A wait must last between 1 second and 365 days; ${c.duration} given.`, '/duration'),
      )
  }
  if (c.mode === 'time_of_day') {
    if (minuteOfDay(c.time) === null)
      out.push(error(ctx, 'config.time', `'${c.time}' is not a time of day: write HH:MM, e.g. 10:00.`, '/time'))
    if (c.days < 0 || c.days > 366)
      out.push(error(ctx, 'config.range', `Days must be between 0 and 366; ${c.days} given.`, '/days'))
  }
  if (c.mode === 'until') {
    if (!c.until.trim()) out.push(error(ctx, 'config.required', 'Until is required.', '/until'))
    else if (!c.until.includes('{{') && readInstant(c.until, 'UTC') === null)
      out.push(
        error(
          ctx,
          'config.time',
          `'${c.until}' is not a date and time: write 2026-12-01T10:00 (read in the time zone) or with an offset.`,
          '/until',
        ),
      )
  }
  const zone = c.timeZone.trim()
  if (zone && !zone.includes('{{') && !isTimeZone(zone))
    out.push(
      error(
        ctx,
        'settings.time_zone',
        `'${zone}' is not a time zone: write an IANA name such as Europe/London.`,
        '/timeZone',
      ),
    )
  if (c.openHours.enabled) {
    const from = minuteOfDay(c.openHours.from)
    const to = minuteOfDay(c.openHours.to)
    if (from === null)
      out.push(error(ctx, 'config.time', `'${c.openHours.from}' is not a time of day: write HH:MM.`, '/openHours/from'))
    if (to === null)
      out.push(error(ctx, 'config.time', `'${c.openHours.to}' is not a time of day: write HH:MM.`, '/openHours/to'))
    if (from !== null && to !== null && from >= to)
      out.push(
        error(ctx, 'config.range', 'Business hours must close after they open, on the same day.', '/openHours/to'),
      )
    if (!c.openHours.days.length)
      out.push(error(ctx, 'config.required', 'Business hours need at least one open day.', '/openHours/days'))
  }
  return out
}

function textFields(c: WaitConfig): TextField[] {
  const f: TextField[] = []
  if (c.mode === 'until') f.push({ pointer: '/until', label: 'Until', value: c.until })
  f.push({ pointer: '/timeZone', label: 'Time zone', value: c.timeZone })
  return f
}

function summary(c: WaitConfig): string {
  const base =
    c.mode === 'duration'
      ? `Wait ${c.duration}`
      : c.mode === 'time_of_day'
        ? `Until ${c.time} ${c.days === 0 ? '(next)' : c.days === 1 ? 'tomorrow' : `in ${c.days} days`}`
        : `Until ${c.until || '…'}`
  const hours = c.openHours.enabled ? ` · ${c.openHours.from}–${c.openHours.to} ${c.openHours.days.join(' ')}` : ''
  return base + (c.timeZone ? ` (${c.timeZone})` : '') + hours
}

export const waitDefinition: NodeDefinition<WaitConfig> = {
  label: 'Wait',
  description:
    'Holds the run for a while, until a time of day or until a date and time, optionally only within business hours, then goes on.',
  category: 'logic',
  configSchema: WaitConfigSchema,
  defaults: () => ({
    mode: 'duration',
    duration: '1h',
    time: '10:00',
    days: 1,
    until: '',
    timeZone: '',
    openHours: { enabled: false, from: '09:00', to: '19:00', days: ['mon', 'tue', 'wed', 'thu', 'fri'] },
  }),
  ports: waitPorts,
  waits: () => false,
  timeWait: (c) => ({ maxMs: maxMs(c), port: 'out' }),
  variables: (_c, name) => [
    { path: `${name}.until`, description: 'When the wait ends (ISO 8601)', type: 'string', format: 'date-time' },
    { path: `${name}.woke_at`, description: 'When the run went on (ISO 8601)', type: 'string', format: 'date-time' },
  ],
  customerTexts: () => [],
  textFields,
  validate,
  summary,
}
