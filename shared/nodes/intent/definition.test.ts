import { describe, expect, it } from 'vitest'
import { portsOf, problemsOf, variablesOf } from '../../analysis/testing/node'
import { buildFlow } from '../../analysis/testing/build'
import { validateFlow } from '../../analysis/validate'
import { NODE_DEFINITIONS } from '../registry'
import { SHOP_INTENTS } from './testing'

const five = (word: string) => [`${word} one`, `${word} two`, `the ${word}`, `a ${word} please`, `my ${word} now`]

describe('intent node definition', () => {
  it('has a port per intent, then other and failed; saves intent, confidence, scores, provider and text', () => {
    expect(portsOf('intent', { intents: SHOP_INTENTS })).toEqual(['track', 'cancel', 'human', 'other', 'failed'])
    expect(variablesOf('intent', {}, 'intent_1')).toEqual([
      'intent_1.intent',
      'intent_1.confidence',
      'intent_1.scores',
      'intent_1.provider',
      'intent_1.text',
    ])
    expect(NODE_DEFINITIONS.intent.waits(NODE_DEFINITIONS.intent.defaults())).toBe(true)
    expect(problemsOf('intent', NODE_DEFINITIONS.intent.defaults())).toEqual([])
    expect(problemsOf('intent', { intents: SHOP_INTENTS })).toEqual([])
  })

  it.each([
    ['no intents', { intents: [] }, ['config.required /intents']],
    [
      'fewer than 5 examples',
      {
        intents: [
          { name: 'a', examples: ['x', 'y', ' '] },
          { name: 'b', examples: five('bee') },
        ],
      },
      ['warn intent.few_examples /intents/0/examples'],
    ],
    [
      'a duplicate name, whatever its case',
      {
        intents: [
          { name: 'Cancel', examples: five('stop') },
          { name: 'cancel', examples: five('halt') },
        ],
      },
      ['intent.duplicate_name /intents/0/name', 'intent.duplicate_name /intents/1/name'],
    ],
    [
      'a name that is not a port name',
      {
        intents: [
          { name: 'track/order', examples: five('track') },
          { name: ' b', examples: five('bee') },
        ],
      },
      ['intent.port_name /intents/0/name', 'intent.port_name /intents/1/name'],
    ],
    [
      'a port name the node keeps for itself, or none',
      {
        intents: [
          { name: 'other', examples: five('x') },
          { name: '', examples: five('y') },
        ],
      },
      ['intent.reserved_name /intents/0/name', 'config.required /intents/1/name'],
    ],
    ['a threshold out of range', { intents: SHOP_INTENTS, threshold: 1.5 }, ['config.range /threshold']],
    [
      'the same phrase in two intents (written differently)',
      {
        intents: [
          { name: 'a', examples: [...five('apple'), 'Cancel my order!'] },
          { name: 'b', examples: [...five('banana'), 'cancel my order'] },
        ],
      },
      ['warn intent.overlap /intents/1/examples'],
    ],
    [
      'two phrases so alike the classifier cannot tell them apart',
      {
        intents: [
          { name: 'a', examples: [...five('apple'), 'please cancel my order now'] },
          { name: 'b', examples: [...five('banana'), 'please cancel my orders now'] },
        ],
      },
      ['warn intent.overlap /intents/1/examples'],
    ],
  ])('%s', (_what, config, problems) => {
    expect(problemsOf('intent', config)).toEqual(problems)
  })

  it('names both intents and phrases in the overlap warning', () => {
    const problems = NODE_DEFINITIONS.intent.validate(
      NODE_DEFINITIONS.intent.configSchema.parse({
        intents: [
          { name: 'a', examples: [...five('apple'), 'please cancel my order now'] },
          { name: 'b', examples: [...five('banana'), 'please cancel my orders now'] },
        ],
      }),
      { nodeId: 'n', nodeName: 'intent_1', configPointer: '' },
    )
    expect(problems[0]?.message).toMatch(
      /^Intents 'a' and 'b' overlap: 'please cancel my order now' and 'please cancel my orders now' are \d+ % alike/,
    )
  })

  it('warns that offline it never takes failed only when something is connected to failed', () => {
    const flow = (failed: boolean, provider = 'offline') =>
      buildFlow(
        [
          ['trigger', 'trigger_1', { keywords: ['hi'] }],
          ['intent', 'intent_1', { intents: SHOP_INTENTS, provider }],
          ['message', 'oops', { text: 'Oops' }],
        ],
        [
          ['trigger_1', 'out', 'intent_1'],
          ...(failed ? [['intent_1', 'failed', 'oops'] as [string, string, string]] : []),
        ],
      )
    const unreachable = (f: ReturnType<typeof flow>) =>
      validateFlow(f)
        .filter((p) => p.code === 'branch.unreachable')
        .map((p) => p.message)
    expect(unreachable(flow(false))).toEqual([])
    expect(unreachable(flow(true))).toEqual([
      "'intent_1' can never take 'Failed': the offline classifier always answers (failed is for a model provider).",
    ])
    expect(unreachable(flow(true, 'model'))).toEqual([])
    const unconnectedFailed = (f: ReturnType<typeof flow>) =>
      validateFlow(f).filter((p) => p.code === 'port.unconnected' && p.message.includes("'Failed'"))
    expect(unconnectedFailed(flow(false))).toEqual([])
    expect(unconnectedFailed(flow(false, 'model'))).toHaveLength(1)
  })
})
