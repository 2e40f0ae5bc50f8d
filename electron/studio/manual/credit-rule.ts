// The configurable credit rule, kept in the settings table, and the cost of one manual start under it.
import type { Database } from 'better-sqlite3'
import { CreditRuleSchema, type CreditRule } from '../../../shared/api/commands/manual'
import { readSetting, readSettingOr, writeSetting } from '../../services/settings/saved'

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

// The cost of a start's templates is the same rule in every host (services/broadcast/cost.ts).
export { templateCosts } from '../../services/broadcast/cost'
