// The Expression Builder after a Call Flow node: it offers the callee's outputs under the node's name, from the
// catalogue of callees the editor fetched, and checks reads of them against that interface.
import { describe, expect, it } from 'vitest'
import { callerFlow, verifyFlow } from '../../shared/analysis/testing/call-flows'
import { catalogueOf } from '../../shared/flow/catalogue'
import { scopeAt, scopeFor } from './context'

describe('the builder through a call', () => {
  const caller = callerFlow()
  const flows = catalogueOf([verifyFlow()])

  it("offers the callee's outputs with their descriptions and resolves them", () => {
    const { vars, check } = scopeAt(caller, 'n_thanks', flows)
    const outputs = vars.filter((v) => v.nodeName === 'call_verify' && !v.path.includes('.error'))
    expect(outputs.map((v) => [v.path, v.description])).toEqual([
      ['call_verify.phone', 'The phone number given'],
      ['call_verify.verified', "Output of the flow 'Verify phone'"],
    ])
    expect(check.resolve!(['call_verify', 'phone'])).toBe('ok')
    expect(check.resolve!(['call_verify', 'email'])).toEqual({ unknownFrom: 1 })
  })

  it('before the callees are known, the call output is open: nothing is flagged', () => {
    const { check } = scopeAt(caller, 'n_thanks')
    expect(check.resolve!(['call_verify', 'email'])).toBe('ok')
  })

  it('a new catalogue (callees fetched) gives a new scope for the same document', () => {
    const before = scopeFor(caller, 'n_thanks', null)
    const after = scopeFor(caller, 'n_thanks', flows)
    expect(after).not.toBe(before)
    expect(after.vars.map((v) => v.path)).toContain('call_verify.phone')
    expect(scopeFor(caller, 'n_thanks', flows)).toBe(after)
  })
})
