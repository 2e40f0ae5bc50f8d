// A Script node tells the host's sandbox whose script it is (issue 39, item 8): the run's contact is the key by
// which waiting scripts take turns, so one contact's backlog cannot hold up another's.
import { describe, expect, it } from 'vitest'
import { startRun } from '../../engine/machine'
import { ASHA, RAVI, buildFlow, testDeps } from '../../engine/testing/fixtures'

describe('the Script node', () => {
  it('passes the run’s contact as the key of its script', async () => {
    const keys: Array<string | undefined> = []
    const { deps } = testDeps({
      effects: {
        script: {
          run: async (_code, _inputs, opts) => {
            keys.push(opts.key)
            return { outputs: {}, logs: [] }
          },
        },
      },
    })
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'script', name: 'script_1', config: { code: 'return {}' } },
      ],
      [['trigger_1', 'out', 'script_1']],
    )
    for (const contact of [ASHA, RAVI]) await startRun(flow, { contact, trigger: { kind: 'manual' } }, deps)
    expect(keys).toEqual([ASHA.id, RAVI.id])
  })
})
