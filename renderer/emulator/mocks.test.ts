import { describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import { mocksFor, SIMULATED_FAILURE } from './mocks'

const doc = {
  ...buildFlow(
    [
      { type: 'http_call', name: 'h1' },
      { type: 'http_call', name: 'h2' },
      { type: 'message', name: 'm' },
    ],
    [],
  ),
  samples: {
    h1: { status: 201, ok: true, result: { id: 7 }, headers: { 'content-type': 'application/json' } },
    h2: { id: 9 },
  },
}

describe('HTTP mocks per test', () => {
  it('runs live by default and mocks only the HTTP Calls asked', () => {
    expect(mocksFor(doc, {})).toEqual({})
    expect(mocksFor(doc, { h1: 'sample', m: 'fail' })).toEqual({
      h1: { response: { status: 201, headers: { 'content-type': 'application/json' }, body: { id: 7 } } },
    })
  })
  it('sends a bare sample as a JSON body, and fails like an unreachable server', () => {
    expect(mocksFor(doc, { h2: 'sample' }).h2).toEqual({
      response: { status: 200, headers: { 'content-type': 'application/json' }, body: { id: 9 } },
    })
    expect(mocksFor(doc, { h1: 'fail' }).h1).toEqual({ error: SIMULATED_FAILURE })
  })
})
