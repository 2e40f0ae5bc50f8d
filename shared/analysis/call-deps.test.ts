import { describe, expect, it } from 'vitest'
import { validateFlow } from '.'
import { calleesFirst, calleesOf, dependenciesOf, rewireCalls } from './call-deps'
import { callingFlow } from './testing/call-graph'

const ids = (docs: { id: string }[]) => docs.map((d) => d.id)

describe('the call graph export, import and publishing carry', () => {
  it('the test flows are valid, so publishing them is refused only for what they call', () => {
    expect(validateFlow(callingFlow('flw_a', ['flw_b'])).filter((p) => p.severity === 'error')).toEqual([])
  })

  it('lists the flows a document calls, each once, in node order', () => {
    expect(calleesOf(callingFlow('flw_a', ['flw_c', 'flw_b', 'flw_c']))).toEqual(['flw_c', 'flw_b'])
    expect(calleesOf(callingFlow('flw_a'))).toEqual([])
  })

  it('finds every flow reached through calls, transitively, each once, without the roots, and what is missing', () => {
    const docs = [
      callingFlow('flw_a', ['flw_b', 'flw_c']),
      callingFlow('flw_b', ['flw_d']),
      callingFlow('flw_c', ['flw_d', 'flw_a', 'flw_gone']),
      callingFlow('flw_d'),
    ]
    const get = (id: string) => docs.find((d) => d.id === id)
    const found = dependenciesOf([docs[0]!], get)
    expect(ids(found.docs)).toEqual(['flw_b', 'flw_c', 'flw_d'])
    expect(found.missing).toEqual([{ callerId: 'flw_c', flowId: 'flw_gone' }])
    expect(ids(dependenciesOf([docs[1]!, docs[3]!], get).docs)).toEqual([])
  })

  it('points calls at other ids, leaving a document it does not change as it was', () => {
    const a = callingFlow('flw_a', ['flw_b', 'flw_c'])
    const moved = rewireCalls(a, new Map([['flw_b', 'flw_b2']]))
    expect(calleesOf(moved)).toEqual(['flw_b2', 'flw_c'])
    expect(moved.nodes.find((n) => n.name === 'call_1')!.config).toEqual({ flowId: 'flw_b2', inputs: {} })
    expect(calleesOf(a)).toEqual(['flw_b', 'flw_c'])
    expect(rewireCalls(a, new Map([['flw_x', 'flw_y']]))).toBe(a)
  })

  it('orders callees before their callers, or names a cycle', () => {
    const order = calleesFirst([callingFlow('flw_a', ['flw_b']), callingFlow('flw_b', ['flw_c']), callingFlow('flw_c')])
    expect(order.ok && ids(order.order)).toEqual(['flw_c', 'flw_b', 'flw_a'])
    const cycle = calleesFirst([callingFlow('flw_a', ['flw_b']), callingFlow('flw_b', ['flw_a'])])
    expect(cycle).toEqual({ ok: false, cycle: ['flw_a', 'flw_b', 'flw_a'] })
  })
})
