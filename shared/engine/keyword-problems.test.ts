import { describe, expect, it } from 'vitest'
import { buildFlow } from './testing/fixtures'
import { keywordOverlapProblems } from './keyword-problems'

const keywordFlow = (id: string, name: string, keywords: string[], matchMode = 'exact', active = true) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords, matchMode } },
      { type: 'end', name: 'end_1', config: {} },
    ],
    [['trigger_1', 'out', 'end_1']],
    { id, name, active },
  )

describe('keywordOverlapProblems', () => {
  it('warns on the trigger when another active flow shares a keyword, naming who wins', () => {
    const mine = keywordFlow('f_new', 'Orders', ['Status', 'help'], 'exact', false)
    const other = keywordFlow('f_old', 'Support', ['help'], 'contains')
    const [p, ...rest] = keywordOverlapProblems(mine, [other])
    expect(rest).toEqual([])
    expect(p).toMatchObject({
      severity: 'warning',
      code: 'trigger.keyword_overlap',
      nodeId: mine.nodes[0]!.id,
      pointer: '/nodes/0/config/keywords',
    })
    // Exact beats contains by the documented priority: this flow wins.
    expect(p!.message).toContain('"Support" never starts from it')
  })

  it('ignores inactive other flows and flows without a shared keyword', () => {
    const mine = keywordFlow('f_new', 'Orders', ['status'])
    expect(
      keywordOverlapProblems(mine, [
        keywordFlow('f_a', 'Off', ['status'], 'exact', false),
        keywordFlow('f_b', 'Other', ['menu']),
      ]),
    ).toEqual([])
  })
})
