import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { startRun } from '../../engine/machine'
import type { ConditionRule } from '../../expr'

function flowWith(rules: ConditionRule[], join: 'and' | 'or') {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'condition', name: 'condition_1', config: { join, rules } },
      { type: 'message', name: 'yes', config: { text: 'T' } },
      { type: 'message', name: 'no', config: { text: 'F' } },
    ],
    [
      ['trigger_1', 'out', 'condition_1'],
      ['condition_1', 'true', 'yes'],
      ['condition_1', 'false', 'no'],
    ],
  )
}

async function decide(rules: ConditionRule[], join: 'and' | 'or', presets: Record<string, unknown>) {
  const { deps } = testDeps()
  const r = await startRun(flowWith(rules, join), { contact: ASHA, trigger: { kind: 'manual' }, presets }, deps)
  return (r.messages[0] as { text: { body: string } }).text.body
}

const adult: ConditionRule = { left: '{{age}}', operator: 'greater_or_equal', right: '18' }
const named: ConditionRule = { left: '{{name}}', operator: 'is_not_empty' }

describe('condition runner', () => {
  it('takes TRUE or FALSE by the rule', async () => {
    expect(await decide([adult], 'and', { age: 18 })).toBe('T')
    expect(await decide([adult], 'and', { age: '17' })).toBe('F')
  })

  it('joins rules with AND and OR', async () => {
    expect(await decide([adult, named], 'and', { age: 30, name: '' })).toBe('F')
    expect(await decide([adult, named], 'or', { age: 30, name: '' })).toBe('T')
    expect(await decide([adult, named], 'or', { age: 3 })).toBe('F')
  })

  it('treats an unset variable as empty', async () => {
    expect(await decide([named], 'and', {})).toBe('F')
    expect(await decide([{ left: '{{name}}', operator: 'is_empty' }], 'and', {})).toBe('T')
  })

  it('saves its result under the node name', async () => {
    const { deps } = testDeps()
    const r = await startRun(
      flowWith([adult], 'and'),
      { contact: ASHA, trigger: { kind: 'manual' }, presets: { age: 40 } },
      deps,
    )
    expect(r.state.vars.condition_1).toEqual({ result: true })
  })
})
