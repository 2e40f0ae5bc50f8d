// `chatflow test` counts coverage per flow through calls: a line for the flow the tests test and one for each flow
// their calls ran, whose branches taken inside the calls count for it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { callerFlow, verifyFlow } from '../../../shared/analysis/testing/call-flows'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { runFiles } from './test'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-test-coverage-calls-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

describe('chatflow test coverage through calls', () => {
  it("prints the callee's own coverage from the caller's tests, and keeps it out of the caller's", async () => {
    // The callee's question has the id of the caller's `thanks`: only the flow a step ran in may count it.
    const callee = verifyFlow()
    callee.nodes[1]!.id = 'n_thanks'
    callee.edges = callee.edges.map((e) => ({
      ...e,
      source: e.source === 'n_ask_phone' ? 'n_thanks' : e.source,
      target: e.target === 'n_ask_phone' ? 'n_thanks' : e.target,
    }))
    fs.writeFileSync(path.join(tmp, 'verify.flow.json'), serialiseFlow(callee))
    fs.writeFileSync(path.join(tmp, 'orders.flow.json'), serialiseFlow(callerFlow()))
    fs.mkdirSync(path.join(tmp, 'orders.tests'))
    const test = path.join(tmp, 'orders.tests', 'gives-up.test.yaml')
    fs.writeFileSync(
      test,
      [
        'name: gives up inside the call',
        'trigger: { message: orders }',
        'turns:',
        '  - user: ""',
        '  - user: ""',
        '  - user: ""',
        "    bot: [{ text: \"Sorry: Flow 'Verify phone' ended at end_gave_up without returning 'phone'.\" }]",
        '',
      ].join('\n'),
    )
    let out = ''
    expect(await runFiles([test], (s) => (out += s)), out).toBe(0)
    const lines = out.trim().split('\n')
    expect(lines).toContain(
      `coverage ${path.relative(process.cwd(), path.join(tmp, 'orders.flow.json'))}: 3/5 branches (not taken: call_verify → done, thanks → out)`,
    )
    expect(lines).toContain('coverage Verify phone (called): 2/3 branches (not taken: ask_phone → out)')
  })
})
