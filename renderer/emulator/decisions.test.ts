import { describe, expect, it } from 'vitest'
import { resumeRun, startRun } from '../../shared/engine'
import { ASHA, buildFlow, testDeps } from '../../shared/engine/testing/fixtures'
import { SHOP_INTENTS } from '../../shared/nodes/intent/testing'
import { decisionsBefore } from './trace-link'

// The Step tab of a bubble an Intent node led to shows how the intent was read: a real run through the engine.
describe('decisions before a step', () => {
  it("finds the Intent node's scores behind the message it led to, and nothing behind the prompt", async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'intent', name: 'intent_1', config: { intents: SHOP_INTENTS, prompt: 'How can I help?' } },
        { type: 'message', name: 'cancelling', config: { text: 'Cancelling' } },
      ],
      [
        ['trigger_1', 'out', 'intent_1'],
        ['intent_1', 'cancel', 'cancelling'],
      ],
    )
    const { deps } = testDeps()
    const first = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    const next = await resumeRun(flow, first.state, { type: 'text', text: 'cancel my order' }, ASHA, deps)
    const trace = [...first.trace, ...next.trace]
    expect(trace.map((t) => `${t.nodeName} ${t.port}`)).toEqual([
      'trigger_1 out',
      'intent_1 null',
      'intent_1 cancel',
      'cancelling out',
    ])
    const sent = trace.find((t) => t.nodeName === 'cancelling')!
    const [decision, ...rest] = decisionsBefore(sent, trace)
    expect(rest).toEqual([])
    expect(decision).toMatchObject({ nodeName: 'intent_1', port: 'cancel', detail: { provider: 'offline' } })
    expect(
      decisionsBefore(
        trace.find((t) => t.nodeName === 'intent_1')!,
        trace,
      ),
    ).toEqual([])
  })
})
