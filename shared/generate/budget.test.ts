// The generator keeps its budget in every phase (issue 39, item 3): a budget counted in checks stands for the clock,
// so nothing here races real time. Before, the search for start values ignored the deadline: `--time 1` on the
// 242-node flow of testing/many-conditions.ts ran for minutes and wrote nothing.
import { describe, expect, it } from 'vitest'
import type { Phase } from './budget'
import { timeBudget } from './budget'
import { generateSuite } from './suite'
import { exampleDeps } from './testing/deps'
import { nestedMenu } from './testing/flows'
import { manyConditionsFlow } from './testing/many-conditions'
import { stepBudget, type Check } from './testing/step-budget'

/** Checks made after the first one told a phase before writing to stop (writing has its own allowance). */
function checksAfterSpent(checks: Check[]): Check[] {
  const first = checks.findIndex((c) => c.spent && c.phase !== 'write')
  return first < 0 ? [] : checks.slice(first + 1).filter((c) => c.phase !== 'write')
}

describe('every phase of the generator asks the budget', () => {
  it('path analysis, start values, answers, exploration and writing each ask it', async () => {
    const budget = stepBudget(1_000_000)
    const suite = await generateSuite(nestedMenu(), exampleDeps(), { budget })
    expect(suite.unfinished).toEqual([])
    const asked = new Set(budget.checks.map((c) => c.phase))
    expect([...asked].sort()).toEqual((['analysis', 'explore', 'starts', 'targets', 'write'] satisfies Phase[]).sort())
  })
})

describe('a spent budget stops the run within a few checks, and what was found is written', () => {
  const flow = manyConditionsFlow()
  // Wherever the budget runs out (before the analysis ends, while the first conversation's start values are
  // searched, later), the run stops at once: a phase that ignored it would go on checking, or never return.
  it.each([0, 60, 121, 200, 400, 1500])('spent after %i checks', async (steps) => {
    const budget = stepBudget(steps)
    const suite = await generateSuite(flow, exampleDeps(), { budget })
    expect(checksAfterSpent(budget.checks).length).toBeLessThanOrEqual(4)
    expect(suite.gaveUp).toBe(true)
    expect(suite.unfinished.some((u) => u.startsWith('exploring: stopped'))).toBe(true)
    expect(suite.unreached.length).toBeGreaterThan(0)
  })

  it('once the analysis is done, the ordinary conversation is played before any value is searched, and written', async () => {
    const budget = stepBudget(200)
    const suite = await generateSuite(flow, exampleDeps(), { budget })
    expect(suite.tests.length).toBe(1)
    expect(suite.tests[0]!.covers.length).toBeGreaterThan(1)
    expect(budget.checks.some((c) => c.phase === 'starts' && c.spent)).toBe(true)
  })

  it('writing stops at its own allowance and says how many conversations it did not write', async () => {
    const counting = stepBudget(1_000_000)
    const whole = await generateSuite(nestedMenu(), exampleDeps(), { budget: counting })
    expect(whole.tests.length).toBeGreaterThan(2)
    // Exploration as long as it needs; then two checks' worth of writing.
    const explored = counting.checks.filter((c) => c.phase !== 'write').length
    const suite = await generateSuite(nestedMenu(), exampleDeps(), { budget: stepBudget(explored, 2) })
    expect(suite.tests.length).toBe(2)
    expect(suite.unfinished).toEqual([
      `writing tests: ${whole.tests.length - 2} of ${whole.tests.length} conversations found were not written`,
    ])
  })
})

describe('cancelling', () => {
  it('stops the run as the deadline does, and the suite says it was cancelled', async () => {
    const budget = stepBudget(1_000_000)
    const flow = manyConditionsFlow()
    const stopAt = 300
    const counted = {
      ...budget,
      spent: (p: Phase) => {
        if (budget.checks.length === stopAt) budget.cancel()
        return budget.spent(p)
      },
      get cancelled() {
        return budget.cancelled
      },
    }
    const suite = await generateSuite(flow, exampleDeps(), { budget: counted })
    expect(suite.cancelled).toBe(true)
    expect(budget.checks.length - stopAt).toBeLessThanOrEqual(5)
  })

  it('an aborted signal spends a time budget at once, whatever the clock says', () => {
    let t = 0
    const controller = new AbortController()
    const budget = timeBudget(1000, () => t++, controller.signal)
    expect(budget.spent('explore')).toBe(false)
    controller.abort()
    expect([budget.spent('explore'), budget.spent('write'), budget.cancelled]).toEqual([true, true, true])
  })
})

describe('timeBudget', () => {
  it('is spent once the clock passes the budget, and writing gets as long again', () => {
    let t = 0
    const budget = timeBudget(10, () => t)
    t = 10
    expect(budget.spent('analysis')).toBe(false)
    t = 11
    expect([budget.spent('analysis'), budget.spent('write')]).toEqual([true, false])
    t = 21
    expect(budget.spent('write')).toBe(true)
  })
})
