// The dry run (docs/runtime.md, "Broadcasts"): what a broadcast would do, computed from the plan and the contacts
// as they are now, before anything is stored or sent. The same rules as the runner's start: an opted-out contact, a
// contact with a person, and (when the flow does not start with a template) a contact outside the 24-hour window
// are blocked; an invalid or repeated number was blocked by the plan. Cost by the credit rule; a recipient outside
// its window opens a business-initiated conversation, which the daily limit counts.
import type { CreditRule } from '../api/commands/manual'
import { WINDOW_MS } from '../engine/limits'
import type { PlannedRecipient } from './audience'
import type { FlowStart } from './flow-start'
import { BLOCK_CODES, type BlockCode, type DryRunReport } from './types'

export const DAY_MS = 86_400_000

/** What the host knows of a recipient's contact; null: not a contact yet (opted in, never wrote). */
export interface ContactState {
  optedIn: boolean
  lastInboundAt: number | null
  withPerson: boolean
}

export interface DryRunInput {
  recipients: PlannedRecipient[]
  contactOf: (phone: string) => ContactState | null
  start: FlowStart
  rule: CreditRule
  ratePerSecond: number
  /** New business-initiated conversations allowed in a rolling 24 hours; null: unlimited. */
  dailyLimit: number | null
  /** New conversations already opened in the last 24 hours. */
  usedToday: number
}

/** Why a planned recipient would not be started, or null when it would be. */
export function blockOf(
  r: PlannedRecipient,
  contact: ContactState | null,
  startsWithTemplate: boolean,
): { code: BlockCode; windowOpen: boolean } | { code: null; windowOpen: boolean } {
  const windowOpen = contact?.lastInboundAt != null && r.dueAt - contact.lastInboundAt < WINDOW_MS
  const planned = r.blocked?.code
  if (planned === 'invalid_number' || planned === 'duplicate') return { code: planned, windowOpen }
  if (contact && !contact.optedIn) return { code: 'opted_out', windowOpen }
  if (contact?.withPerson) return { code: 'with_person', windowOpen }
  if (!windowOpen && !startsWithTemplate) return { code: 'outside_window', windowOpen }
  return { code: null, windowOpen }
}

/** Credits of the templates a start sends, by category: a utility template is free inside the window by the rule. */
export function startCost(start: FlowStart, rule: CreditRule, windowOpen: boolean): DryRunReport['cost'] {
  const cost = { MARKETING: 0, UTILITY: 0, AUTHENTICATION: 0, total: 0 }
  for (const t of start.templates) {
    const credits = t.category === 'UTILITY' && rule.utilityFreeInWindow && windowOpen ? 0 : rule[t.category]
    cost[t.category] += credits
    cost.total += credits
  }
  return cost
}

export function dryRun(input: DryRunInput): DryRunReport {
  const blocked = Object.fromEntries(BLOCK_CODES.map((c) => [c, 0])) as Record<BlockCode, number>
  const cost = { MARKETING: 0, UTILITY: 0, AUTHENTICATION: 0, total: 0 }
  const sending: Array<{ dueAt: number; opens: boolean }> = []
  for (const r of input.recipients) {
    const b = blockOf(r, input.contactOf(r.phone), input.start.startsWithTemplate)
    if (b.code) {
      blocked[b.code]++
      continue
    }
    const c = startCost(input.start, input.rule, b.windowOpen)
    for (const k of ['MARKETING', 'UTILITY', 'AUTHENTICATION', 'total'] as const) cost[k] += c[k]
    sending.push({ dueAt: r.dueAt, opens: !b.windowOpen })
  }
  const times = schedule(sending, input)
  return {
    total: input.recipients.length,
    willSend: sending.length,
    blocked,
    cost,
    firstAt: times.firstAt,
    lastAt: times.lastAt,
    startsWithTemplate: input.start.startsWithTemplate,
    newConversations: sending.filter((s) => s.opens).length,
    days: times.days,
  }
}

/**
 * When the first and last message would go: recipients in due order, one every 1/rate seconds, and a recipient that
 * opens a conversation beyond the daily limit waits for the next 24 hours (counted from the first send) with room.
 */
function schedule(sending: Array<{ dueAt: number; opens: boolean }>, input: DryRunInput) {
  if (sending.length === 0) return { firstAt: null, lastAt: null, days: 1 }
  const ordered = [...sending].sort((a, b) => a.dueAt - b.dueAt)
  const gap = 1000 / input.ratePerSecond
  const firstAt = ordered[0]!.dueAt
  const room = input.dailyLimit === null ? Infinity : Math.max(0, input.dailyLimit - input.usedToday)
  let t = -Infinity
  let opened = 0
  let lastDay = 0
  for (const s of ordered) {
    let day = 0
    if (s.opens && input.dailyLimit !== null) {
      day = opened < room ? 0 : 1 + Math.floor((opened - room) / input.dailyLimit)
      opened++
    }
    lastDay = Math.max(lastDay, day)
    t = Math.max(s.dueAt, t + gap, firstAt + day * DAY_MS)
  }
  return { firstAt, lastAt: Math.round(t), days: lastDay + 1 }
}
