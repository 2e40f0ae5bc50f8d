// What a branch nobody took needs, and from where: said by the generator and the fuzzer (issue 38).
import { describe, expect, it } from 'vitest'
import { example } from '../analysis/testing/examples'
import { withParsedConfigs } from '../nodes/registry'
import { fuzzFlow } from './fuzz/fuzz'
import { indexFlow } from './flow-index'
import { describeNeeds, needsOf } from './needs'
import { exampleDeps } from './testing/deps'
import { formAndWebhook } from './testing/flows-sources'

describe('the values a branch needs and their sources', () => {
  const flow = formAndWebhook()
  const ix = withParsedConfigs(() => indexFlow(flow, '2026-06-01T09:00:00.000Z'))
  const node = (name: string) => ix.byName(name)!

  it('a route reading a form answer and a webhook value names both sources', () => {
    expect(describeNeeds(needsOf(ix, node('shipping'), 'free_express'))).toBe(
      '{{speed}} (form delivery) and {{order_total}} (webhook data of trigger_1)',
    )
  })

  it('a later route is decided by the routes before it too; an else by every rule', () => {
    expect(needsOf(ix, node('by_tier'), 'big').map((n) => `${n.path}: ${n.source}`)).toEqual([
      'trigger_1.data.customer.tier: webhook data of trigger_1',
      'trigger_1.data.order_total: webhook data of trigger_1',
    ])
    expect(needsOf(ix, node('shipping'), 'else').map((n) => n.path)).toEqual(['speed', 'order_total'])
  })

  it('the fuzzer lists each branch no conversation took, with what it needs', async () => {
    const report = await fuzzFlow(example('age-gate'), exampleDeps(), { runs: 1, seed: 3, maxTurns: 0 })
    const isAdult = report.unreached.filter((u) => u.nodeName === 'is_adult')
    expect(isAdult.map((u) => u.portLabel).sort()).toEqual(['False', 'True'])
    expect(isAdult[0]!.needs).toEqual([{ path: 'age', source: 'answer to ask_age' }])
  })
})
