// Path analysis of the 24-hour window: a wait on time that can push a free-form message past 24 hours after the
// customer's last message is a warning on that node; an answer on the way, a template, or a short wait is not.
import { describe, expect, it } from 'vitest'
import { buildFlow, type NodeSpec } from '../../engine/testing/fixtures'
import { validateFlow } from '../validate'
import { example } from '../testing/examples'

type Edge = [string, string, string]
const trigger: NodeSpec = { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['go'] } }
const say = (name: string): NodeSpec => ({ type: 'message', name, config: { text: 'Hello' } })
const ask = (name: string, noReplyWithin = ''): NodeSpec => ({
  type: 'question',
  name,
  config: { prompt: 'Why?', saveTo: `${name}_v`, noReplyWithin },
})
const wait = (name: string, duration: string): NodeSpec => ({ type: 'wait', name, config: { duration } })

function warned(nodes: NodeSpec[], edges: Edge[]): string[] {
  return validateFlow(buildFlow([trigger, ...nodes], edges))
    .filter((p) => p.code === 'window.free_form_after_wait')
    .map((p) => `${p.nodeId?.slice(2)}: ${p.message}`)
}

describe('free-form messages a wait can push past the 24-hour window', () => {
  it('warns at a message on the timeout port of a wait longer than 24 hours, naming the wait', () => {
    const w = warned(
      [ask('q', '25h'), say('late')],
      [
        ['trigger_1', 'out', 'q'],
        ['q', 'timeout', 'late'],
      ],
    )
    expect(w).toHaveLength(1)
    expect(w[0]).toMatch(
      /^late: 'late' can send a free-form message up to 1d 1h after the customer last wrote \(waits on the way: q \(up to 1d 1h\)\)\. .*131047.*Template Message/,
    )
  })

  it('adds waits up along the way, and says nothing below 24 hours', () => {
    const nodes = [wait('w1', '20h'), wait('w2', '3h'), say('m1'), wait('w3', '1h'), say('m2')]
    const edges: Edge[] = [
      ['trigger_1', 'out', 'w1'],
      ['w1', 'out', 'w2'],
      ['w2', 'out', 'm1'],
      ['m1', 'out', 'w3'],
      ['w3', 'out', 'm2'],
    ]
    const w = warned(nodes, edges)
    expect(w).toHaveLength(1)
    expect(w[0]).toContain("m2: 'm2' can send a free-form message up to 1d after")
    expect(w[0]).toContain('w1 (up to 20h), w2 (up to 3h), w3 (up to 1h)')
  })

  it('an answer on the way opens the window again; the answer port of a timed question is an answer', () => {
    const nodes = [wait('w1', '30h'), ask('q', '1h'), say('thanks')]
    const edges: Edge[] = [
      ['trigger_1', 'out', 'w1'],
      ['w1', 'out', 'q'],
      ['q', 'out', 'thanks'],
    ]
    // The question itself is sent 30 h on: warned; the thanks after the answer is not.
    expect(warned(nodes, edges).map((w) => w.split(':')[0])).toEqual(['q'])
  })

  it('a template may go after any wait', () => {
    const tpl: NodeSpec = { type: 'template_message', name: 't', config: { templateName: 'x', language: 'en' } }
    expect(
      warned(
        [wait('w1', '3d'), tpl],
        [
          ['trigger_1', 'out', 'w1'],
          ['w1', 'out', 't'],
        ],
      ),
    ).toEqual([])
  })

  it('a loop that waits each round grows without bound', () => {
    const nodes = [wait('w1', '1h'), say('ping')]
    const edges: Edge[] = [
      ['trigger_1', 'out', 'w1'],
      ['w1', 'out', 'ping'],
      ['ping', 'out', 'w1'],
    ]
    const w = warned(nodes, edges)
    expect(w).toHaveLength(1)
    expect(w[0]).toContain("'ping' can send a free-form message any time after")
  })

  it('the delivery-check example asks and reminds with templates: no warning', () => {
    expect(validateFlow(example('delivery-check')).filter((p) => p.severity !== 'note')).toEqual([])
  })
})
