import { describe, expect, it } from 'vitest'
import { portsOf, problemsOf, variablesOf } from '../../flow/testing/node'

describe('end', () => {
  it('has no ports, settings or outputs', () => {
    expect(portsOf('end', {})).toEqual([])
    expect(problemsOf('end', {})).toEqual([])
    expect(variablesOf('end', {})).toEqual([])
  })
})
