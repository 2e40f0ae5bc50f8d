import type { NodeRunner } from '../../engine/runner'
import { NodeFailure } from '../../engine/runner'
import type { OutboundMessage } from '../../engine/types'
import { returnAfterMs, type HandOverConfig } from './definition'

// Hand over: sends its message (if any), then the run waits here with no customer answer (customer: false) while a
// person has the conversation. The engine builds the takeover from `handover` and the host stores it on the contact;
// the conversation core holds every message for the person and resumes this node on hand-back or at its time
// (docs/engine.md, "The conversation core", rules 14-17).
export const handOverRunner: NodeRunner<HandOverConfig> = {
  run({ config, render, effects }) {
    const body = render(config.message).trim()
    const note = render(config.note).trim() || null
    const ms = returnAfterMs(config)
    if (config.returnAfter.trim() && ms === null)
      throw new NodeFailure('invalid_time', `'${config.returnAfter}' is not a duration.`)
    const until = ms === null ? null : effects.clock.now() + ms
    const id = effects.ids.next('hnd_')
    const messages: OutboundMessage[] = body ? [{ type: 'text', text: { body } }] : []
    return {
      kind: 'wait',
      messages,
      output: { handoverId: id, note, until: until === null ? null : new Date(until).toISOString() },
      customer: false,
      ...(until === null ? {} : { until, timeoutPort: 'returned' }),
      handover: { id, note, until },
    }
  },
  // The person (or the node's time) gave the conversation back: on by `returned`, with what the person set.
  handBack({ node, vars }, handback) {
    const before = vars[node.name]
    const output = {
      ...(before && typeof before === 'object' ? before : {}),
      handover: {
        by: handback.by,
        since: new Date(handback.since).toISOString(),
        durationMs: Math.max(0, handback.at - handback.since),
        variables: handback.variables,
      },
    }
    return { kind: 'next', port: 'returned', output, vars: handback.variables }
  },
}
