// "No reply within": the option every node that waits for the customer offers (Question, Interactive Message, Chat
// Flow form, Single and Multi Product). Set, the node waits for the customer or for that long, whichever comes
// first, through the engine's generic wait (shared/engine/runner.ts): the reply takes the node's usual path, time
// its own `timeout` port, which exists only while the option is set. Reminders are ordinary nodes on that port.
import { z } from 'zod'
import { error } from '../flow/checks'
import type { Port, Problem, ValidateContext } from './types'
import type { WaitCursor } from '../engine/types'
import { parseDuration } from '../text/duration'

export const TIMEOUT_PORT_ID = 'timeout'

export const noReplyWithinSchema = z
  .string()
  .default('')
  .describe(
    'No reply within this long (30m, 4h, 1d 2h): the run leaves by the No reply port (timeout). Empty: wait for the customer as long as it takes.',
  )

export interface NoReply {
  noReplyWithin: string
}

export function timeoutPorts(c: NoReply): Port[] {
  return c.noReplyWithin.trim() ? [{ id: TIMEOUT_PORT_ID, label: `No reply in ${c.noReplyWithin.trim()}` }] : []
}

/** The wait's time half for a runner's `wait` outcome: kept from the first ask when the node waits again. */
export function noReplyWait(
  c: NoReply,
  now: number,
  cursor?: WaitCursor,
): { until: number; timeoutPort: string } | Record<string, never> {
  if (cursor?.until !== undefined) return { until: cursor.until, timeoutPort: TIMEOUT_PORT_ID }
  const ms = c.noReplyWithin.trim() ? parseDuration(c.noReplyWithin) : null
  return ms ? { until: now + ms, timeoutPort: TIMEOUT_PORT_ID } : {}
}

export function noReplyTimeWait(c: NoReply): { maxMs: number; port: string } | null {
  const ms = c.noReplyWithin.trim() ? parseDuration(c.noReplyWithin) : null
  return ms ? { maxMs: ms, port: TIMEOUT_PORT_ID } : null
}

export function validateNoReply(c: NoReply, ctx: ValidateContext): Problem[] {
  const text = c.noReplyWithin.trim()
  if (!text) return []
  const ms = parseDuration(text)
  if (ms === null)
    return [
      error(ctx, 'config.duration', `'${text}' is not a duration: write it like 30m, 4h or 1d 2h.`, '/noReplyWithin'),
    ]
  if (ms < 60_000 || ms > 30 * 86_400_000)
    return [
      error(
        ctx,
        'config.range',
        `No reply within must be between 1 minute and 30 days; ${text} given.`,
        '/noReplyWithin',
      ),
    ]
  return []
}
