import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { startRun } from '../../engine/machine'

describe('end runner', () => {
  it('ends the run as completed even when an edge leaves it', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'end', name: 'end_1' },
        { type: 'message', name: 'never', config: { text: 'unreachable' } },
      ],
      [
        ['trigger_1', 'out', 'end_1'],
        ['end_1', 'out', 'never'],
      ],
    )
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(r.state).toMatchObject({ status: 'ended', endReason: 'completed' })
    expect(r.messages).toEqual([])
    expect(r.trace.map((t) => t.nodeName)).toEqual(['trigger_1', 'end_1'])
  })
})
