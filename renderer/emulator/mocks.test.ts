import { describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/fixtures'
import { mocksFor } from './mocks'

const doc = {
  ...buildFlow([{ type: 'http_call', name: 'h1' }, { type: 'http_call', name: 'h2' }, { type: 'message', name: 'm' }], []),
  samples: { h1: { status: 201, ok: true, result: { id: 7 }, headers: {} }, h2: { id: 9 } },
}

describe('HTTP mocks per test', () => {
  it('runs live by default and mocks only the nodes asked', () => {
    expect(mocksFor(doc, {})).toEqual({})
    expect(mocksFor(doc, { h1: 'sample', m: 'fail' })).toEqual({ h1: { output: doc.samples.h1, port: 'success' } })
  })
  it('wraps a bare sample as a result, and fails through the failure port', () => {
    expect(mocksFor(doc, { h2: 'sample' }).h2).toEqual({ output: { status: 200, ok: true, result: { id: 9 }, headers: {} }, port: 'success' })
    expect(mocksFor(doc, { h1: 'fail' }).h1).toMatchObject({ port: 'failure', output: { ok: false, status: 500 } })
  })
})
