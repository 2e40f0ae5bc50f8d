import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, textPointersOf, variablesOf } from '../../analysis/testing/node'

describe('call_flow', () => {
  it('leaves by done or failed, and its failure variables are known without the callee', () => {
    expect(portsOf('call_flow', {})).toEqual(['done', 'failed'])
    expect(variablesOf('call_flow', {})).toEqual([])
  })

  it('needs a flow, and input names follow the rules of node names', () => {
    expect(problemsOf('call_flow', {})).toEqual(['config.required /flowId'])
    expect(problemsOf('call_flow', { flowId: 'verify', inputs: { phone: '{{p}}', '2x': '1' } })).toEqual([
      'config.name /inputs/2x',
    ])
  })

  it('its input mappings are template fields (rename and the reference index walk them)', () => {
    expect(textPointersOf('call_flow', { flowId: 'v', inputs: { phone: '{{customer_phone}}' } })).toEqual([
      '/inputs/phone',
    ])
  })
})

describe('call_flow defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('call_flow', { flowId: '', inputs: {} })
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
