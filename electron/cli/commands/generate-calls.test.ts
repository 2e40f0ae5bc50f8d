// `chatflow generate` through calls: the callee beside the flow runs for real, its branches are explored through the
// call and printed for it; the tests written pass `chatflow test` with the callee found the same way.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { callerFlow, verifyFlow } from '../../../shared/analysis/testing/call-flows'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { generateFile } from './generate'
import { collectTestFiles, runFiles } from './test'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-generate-calls-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

describe('chatflow generate through calls', () => {
  it("reaches the callee's branches through the call, prints coverage per flow, and the tests pass", async () => {
    fs.writeFileSync(path.join(tmp, 'verify.flow.json'), serialiseFlow(verifyFlow()))
    const orders = path.join(tmp, 'orders.flow.json')
    fs.writeFileSync(orders, serialiseFlow(callerFlow()))
    let out = ''
    let err = ''
    const code = await generateFile(
      orders,
      {},
      (s) => (out += s),
      (s) => (err += s),
    )
    expect({ code, err }).toEqual({ code: 0, err: '' })
    const lines = out.trim().split('\n')
    expect(lines.filter((l) => l.startsWith('coverage '))).toEqual([
      expect.stringMatching(/^coverage .*orders\.flow\.json: 5\/5 branches$/),
      'coverage Verify phone (called): 3/3 branches',
    ])
    let played = ''
    const files = collectTestFiles(path.join(tmp, 'orders.tests'))
    expect(files.length).toBeGreaterThan(0)
    expect(await runFiles(files, (s) => (played += s)), played).toBe(0)
    expect(played).toContain('coverage Verify phone (called): 3/3 branches')
  })
})
