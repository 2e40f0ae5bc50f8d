// serve's broadcast settings (docs/runtime.md, "Broadcasts"): the send rate of the phone number, for every outbound
// send (`--send-rate N` / CHATFLOW_SEND_RATE, 1-1000 a second; default 80 when sending to the Cloud API itself, whose
// per-number throughput it is; with a gateway (http) or the log, sends are paced only when it is given, and
// broadcasts still start at 80 a second), and the daily limit of new
// business-initiated conversations (`--conversation-limit N|unlimited` / CHATFLOW_CONVERSATION_LIMIT, default 1000:
// the channel's tiers are 250, 1,000, 10,000, 100,000 and unlimited, and any number is taken).
import type { RuntimeBroadcastOptions } from './broadcast-host'
import { DEFAULT_SEND_RATE } from './send-pacer'

export const DEFAULT_CONVERSATION_LIMIT = 1000

export class BroadcastSettingsError extends Error {}

export function broadcastSettings(
  flags: { sendRate?: string; conversationLimit?: string },
  env: NodeJS.ProcessEnv,
  channel: 'cloud-api' | 'other',
): RuntimeBroadcastOptions {
  const rate = flags.sendRate ?? env.CHATFLOW_SEND_RATE
  const limit = (flags.conversationLimit ?? env.CHATFLOW_CONVERSATION_LIMIT)?.trim().toLowerCase()
  if (rate !== undefined && (!/^\d{1,4}$/.test(rate.trim()) || Number(rate) < 1 || Number(rate) > 1000))
    throw new BroadcastSettingsError(
      `--send-rate (CHATFLOW_SEND_RATE) must be a whole number of messages per second from 1 to 1000, not '${rate}'`,
    )
  if (limit !== undefined && limit !== 'unlimited' && (!/^\d{1,9}$/.test(limit) || Number(limit) < 1))
    throw new BroadcastSettingsError(
      `--conversation-limit (CHATFLOW_CONVERSATION_LIMIT) must be a number of new conversations a day from 1, or 'unlimited', not '${limit}'`,
    )
  // A claim's lease (tests shorten it: a killed instance's claims run out sooner).
  const lease = env.CHATFLOW_BROADCAST_LEASE_MS
  if (lease !== undefined && (!/^\d{1,7}$/.test(lease) || Number(lease) < 100))
    throw new BroadcastSettingsError(`CHATFLOW_BROADCAST_LEASE_MS must be milliseconds from 100, not '${lease}'`)
  return {
    ...(lease ? { leaseMs: Number(lease) } : {}),
    sendRate: rate !== undefined ? Number(rate) : channel === 'cloud-api' ? DEFAULT_SEND_RATE : undefined,
    conversationLimit: limit === undefined ? DEFAULT_CONVERSATION_LIMIT : limit === 'unlimited' ? null : Number(limit),
  }
}
