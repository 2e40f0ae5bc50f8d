import { describe, expect, it } from 'vitest'
import { buildFlow } from '../engine/testing/fixtures'
import { CreditRuleSchema } from '../api/commands/manual'
import { flowStart } from './flow-start'

const rule = CreditRuleSchema.parse({})
const promo = { templateName: 'promo', category: 'MARKETING' }
const update = { templateName: 'order_update', category: 'UTILITY' }

describe('flowStart', () => {
  it('a template first: a template start, with the templates sent before the first wait', () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'start', config: { kind: 'manual' } },
        { type: 'template_message', name: 'hello', config: promo },
        { type: 'template_message', name: 'details', config: update },
        { type: 'question', name: 'ask', config: { text: 'Which size?' } },
        { type: 'template_message', name: 'later', config: promo },
      ],
      [
        ['start', 'out', 'hello'],
        ['hello', 'out', 'details'],
        ['details', 'out', 'ask'],
        ['ask', 'answered', 'later'],
      ],
    )
    const s = flowStart(flow, rule)
    expect(s).toEqual({
      triggerNodeId: 'n_start',
      startsWithTemplate: true,
      templates: [
        { name: 'promo', category: 'MARKETING' },
        { name: 'order_update', category: 'UTILITY' },
      ],
    })
  })

  it('a free-form first message on any branch is not a template start; the costlier branch is priced', () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'start', config: { kind: 'manual' } },
        { type: 'condition', name: 'vip' },
        { type: 'template_message', name: 'promo', config: promo },
        { type: 'message', name: 'hi', config: { text: 'Hi' } },
        { type: 'template_message', name: 'update', config: update },
      ],
      [
        ['start', 'out', 'vip'],
        ['vip', 'true', 'promo'],
        ['vip', 'false', 'hi'],
        ['hi', 'out', 'update'],
      ],
    )
    const s = flowStart(flow, rule)
    expect(s.startsWithTemplate).toBe(false)
    expect(s.templates).toEqual([{ name: 'promo', category: 'MARKETING' }])
  })

  it('a loop ends the walk; a flow without a trigger has no start', () => {
    const loop = buildFlow(
      [
        { type: 'trigger', name: 'start', config: { kind: 'manual' } },
        { type: 'template_message', name: 'a', config: update },
        { type: 'wait', name: 'pause' },
      ],
      [
        ['start', 'out', 'a'],
        ['a', 'out', 'pause'],
        ['pause', 'out', 'a'],
      ],
    )
    expect(flowStart(loop, rule)).toMatchObject({ startsWithTemplate: true, templates: [{ name: 'order_update' }] })
    const none = buildFlow([{ type: 'message', name: 'hi', config: { text: 'Hi' } }], [])
    expect(flowStart(none, rule)).toEqual({ triggerNodeId: null, startsWithTemplate: false, templates: [] })
  })
})
