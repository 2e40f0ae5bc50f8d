import { describe, expect, it } from 'vitest'
import { groupVariables } from './variables'

describe('variables inspector groups', () => {
  it('sorts each variable into its source', () => {
    const groups = groupVariables(
      {
        customer_name: 'A',
        trigger_1: { kind: 'manual' },
        button_id: 'a',
        _last_button_text: 'Alpha',
        http_call_1: { status: 200 },
        name: 'Meera',
      },
      ['trigger_1'],
      ['trigger_1', 'http_call_1'],
    )
    expect(Object.fromEntries(groups.map((g) => [g.title, g.entries.map(([k]) => k)]))).toEqual({
      System: ['customer_name'],
      Trigger: ['trigger_1'],
      'Last interaction': ['_last_button_text', 'button_id'],
      'Node outputs': ['http_call_1'],
      'Answers and other variables': ['name'],
    })
  })
})
