// What a start costs in message credits under the credit rule (shared/api/commands/manual.ts's CreditRule): the
// studio's manual trigger and every broadcast recipient, in both hosts, cost their templates by this one rule.
import type { CreditRule } from '../../../shared/api/commands/manual'
import type { TraceEvent } from '../../../shared/engine'
import { sendsKind } from '../../../shared/nodes/behaviour-of'

/**
 * Credits of the templates a run sent (the studio delivers every message it sends). Free-form messages are free;
 * a utility template is free while the customer's window is open, when the rule says so.
 */
export function templateCosts(
  trace: readonly TraceEvent[],
  rule: CreditRule,
  windowOpen: boolean,
): Array<{ name: string; category: string; credits: number }> {
  const out: Array<{ name: string; category: string; credits: number }> = []
  for (const t of trace) {
    if (!sendsKind(t.nodeType, 'template') || t.error) continue
    const o = t.output as { name?: string; category?: string } | null
    const category = o?.category
    if (category !== 'MARKETING' && category !== 'UTILITY' && category !== 'AUTHENTICATION') continue
    const free = category === 'UTILITY' && rule.utilityFreeInWindow && windowOpen
    out.push({ name: o?.name ?? '', category, credits: free ? 0 : rule[category] })
  }
  return out
}
