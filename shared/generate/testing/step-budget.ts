// Test helper: a generator budget counted in checks instead of milliseconds, so a test of the deadline never races
// the real clock. It records every check (which phase asked, and what it was told), so a test can see that every
// phase asks and that the run stops within a few checks once the budget is spent.
import type { Budget, Phase } from '../budget'

export interface Check {
  phase: Phase
  spent: boolean
}

export interface StepBudget extends Budget {
  readonly checks: Check[]
  /** Spends it at once, as the studio's Cancel does. */
  cancel(): void
}

/** Spent after `steps` checks; writing gets `writing` more (as many again, as `timeBudget` gives it as long again). */
export function stepBudget(steps: number, writing = steps): StepBudget {
  const checks: Check[] = []
  let cancelled = false
  return {
    checks,
    spent(phase) {
      const limit = phase === 'write' ? steps + writing : steps
      const spent = cancelled || checks.length >= limit
      checks.push({ phase, spent })
      return spent
    },
    breathe: async () => false,
    cancel() {
      cancelled = true
    },
    get cancelled() {
      return cancelled
    },
  }
}
