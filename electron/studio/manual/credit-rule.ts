// The configurable credit rule, kept in the settings table, and the cost of one manual start under it.
import type { Database } from 'better-sqlite3'
import { CreditRuleSchema, type CreditRule } from '../../../shared/api/commands/manual'
import type { TraceEvent } from '../../../shared/engine'
import { readSetting, readSettingOr, writeSetting } from '../../services/settings/saved'
import { sendsKind } from '../../../shared/nodes/behaviour-of'

const KEY = 'manual.creditRule'

/** The saved rule; throws `setting_unreadable` when the saved one cannot be read. */
export function loadCreditRule(db: Database): CreditRule {
  return readSetting(db, KEY, CreditRuleSchema, 'credit rule') ?? CreditRuleSchema.parse({})
}

/** For costing a start, which must go on: an unreadable rule costs by the defaults and is told to `report`. */
export function creditRuleOr(db: Database, report: (message: string) => void): CreditRule {
  return readSettingOr(db, KEY, CreditRuleSchema, 'credit rule', CreditRuleSchema.parse({}), report)
}

export function saveCreditRule(db: Database, rule: CreditRule, now: number): CreditRule {
  const clean = CreditRuleSchema.parse(rule)
  writeSetting(db, KEY, clean, now)
  return clean
}

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
