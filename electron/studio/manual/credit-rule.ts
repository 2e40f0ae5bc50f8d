// The configurable credit rule, kept in the settings table, and the cost of one manual start under it.
import type { Database } from 'better-sqlite3'
import { CreditRuleSchema, type CreditRule } from '../../../shared/api/commands/manual'
import type { TraceEvent } from '../../../shared/engine'

const KEY = 'manual.creditRule'

export function loadCreditRule(db: Database): CreditRule {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(KEY) as { value: string } | undefined
  if (!row) return CreditRuleSchema.parse({})
  try {
    const parsed = CreditRuleSchema.safeParse(JSON.parse(row.value))
    return parsed.success ? parsed.data : CreditRuleSchema.parse({})
  } catch {
    return CreditRuleSchema.parse({})
  }
}

export function saveCreditRule(db: Database, rule: CreditRule, now: number): CreditRule {
  const clean = CreditRuleSchema.parse(rule)
  db.prepare(
    `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  ).run(KEY, JSON.stringify(clean), now)
  return clean
}

/**
 * Credits of the templates a run sent (the studio delivers every message it sends). Free-form messages are free;
 * a utility template is free while the customer's window is open, when the rule says so.
 */
export function templateCosts(trace: readonly TraceEvent[], rule: CreditRule, windowOpen: boolean): Array<{ name: string; category: string; credits: number }> {
  const out: Array<{ name: string; category: string; credits: number }> = []
  for (const t of trace) {
    if (t.nodeType !== 'template_message' || t.error) continue
    const o = t.output as { name?: string; category?: string } | null
    const category = o?.category
    if (category !== 'MARKETING' && category !== 'UTILITY' && category !== 'AUTHENTICATION') continue
    const free = category === 'UTILITY' && rule.utilityFreeInWindow && windowOpen
    out.push({ name: o?.name ?? '', category, credits: free ? 0 : rule[category] })
  }
  return out
}
