import { describe, expect, it } from 'vitest'
import { documentedDefaults, portsOf, problemsOf, variablesOf } from '../../analysis/testing/node'

describe('end', () => {
  it('has no ports, settings or outputs', () => {
    expect(portsOf('end', {})).toEqual([])
    expect(problemsOf('end', {})).toEqual([])
    expect(variablesOf('end', {})).toEqual([])
  })
})

describe('end defaults', () => {
  it('a new node starts with the documented settings, and a field left out of a file takes the same default', () => {
    const d = documentedDefaults('end', {})
    expect(d.newNode).toEqual(d.expectedNewNode)
    expect(d.leftOut).toEqual(d.expectedLeftOut)
  })
})
