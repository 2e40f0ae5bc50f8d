// The cost of a call (docs/engine.md, "Calls"): the same work (two Conditions, two Messages with nested expressions,
// an End that returns a computed total) run inline in one flow, and in a callable flow reached through a Call Flow
// node (which maps two inputs and returns the total to the caller). Engine only (startRun, no storage), one contact,
// one sequential loop on one core; every sample's messages and state are checked. The two are measured in
// alternating rounds so both see the same load; each round's ratio is printed, then the median of the rounds with
// the load average. Goal: a call costs at most 1.2× the same nodes inlined.
import os from 'node:os'
import { createEffects, flowsFrom, startRun, type StepResult } from '../../shared/engine'
import type { FlowDocument } from '../../shared/flow/document'
import { buildFlow, type NodeSpec } from '../../shared/engine/testing/fixtures'
import { nodeCatalog } from '../../shared/nodes/runners'

const ROUNDS = 7
const ROUND_MS = 1000

/** The work, reading the customer's name and the amount through `name` and `amount` (templates). */
function work(
  name: string,
  amount: string,
  end: NodeSpec,
): { nodes: NodeSpec[]; edges: Array<[string, string, string]> } {
  return {
    nodes: [
      {
        type: 'condition',
        name: 'big',
        config: { join: 'and', rules: [{ left: amount, operator: 'greater_than', right: '100' }] },
      },
      {
        type: 'message',
        name: 'priority',
        config: { text: `Hi ${name}, your total is {{${amount} * 1.18}} (priority)` },
      },
      { type: 'message', name: 'plain', config: { text: `Hi ${name}, your total is {{${amount} * 1.18}}` } },
      {
        type: 'condition',
        name: 'huge',
        config: { join: 'and', rules: [{ left: amount, operator: 'greater_than', right: '1000' }] },
      },
      { type: 'message', name: 'thanks', config: { text: `Thanks, ${name}: {{${amount} * 2}} points` } },
      end,
    ],
    edges: [
      ['big', 'true', 'priority'],
      ['big', 'false', 'plain'],
      ['priority', 'out', 'huge'],
      ['plain', 'out', 'huge'],
      ['huge', 'true', 'thanks'],
      ['huge', 'false', 'thanks'],
      ['thanks', 'out', end.name],
    ],
  }
}

const webhookTrigger: NodeSpec = { type: 'trigger', name: 'trigger_1', config: { kind: 'webhook' } }

export function inlineFlow(): FlowDocument {
  const w = work('{{trigger_1.data.name}}', '{{trigger_1.data.amount}}', {
    type: 'end',
    name: 'end_1',
    config: { returns: { total: '{{ {{trigger_1.data.amount}} * 1.18 }}' } },
  })
  return buildFlow([webhookTrigger, ...w.nodes], [['trigger_1', 'out', 'big'], ...w.edges], { id: 'f_inline' })
}

export function calleeFlow(): FlowDocument {
  const w = work('{{name}}', '{{amount}}', {
    type: 'end',
    name: 'end_1',
    config: { returns: { total: '{{ {{amount}} * 1.18 }}' } },
  })
  const doc = buildFlow(
    [{ type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } }, ...w.nodes],
    [['trigger_1', 'out', 'big'], ...w.edges],
    {
      id: 'f_quote',
    },
  )
  return {
    ...doc,
    interface: {
      inputs: [
        { name: 'name', required: true },
        { name: 'amount', required: true },
      ],
      outputs: [{ name: 'total' }],
    },
  }
}

export function callerFlow(): FlowDocument {
  return buildFlow(
    [
      webhookTrigger,
      {
        type: 'call_flow',
        name: 'quote',
        config: { flowId: 'f_quote', inputs: { name: '{{trigger_1.data.name}}', amount: '{{trigger_1.data.amount}}' } },
      },
    ],
    // Done leads nowhere: the run completes there, so the caller runs no node the inline flow does not (its End is
    // the callee's).
    [['trigger_1', 'out', 'quote']],
    { id: 'f_caller' },
  )
}

const EXPECTED = ['Hi Asha, your total is 295 (priority)', 'Thanks, Asha: 500 points']

function check(step: StepResult, label: string): void {
  const bodies = step.messages.map((m) => (m.type === 'text' ? m.text.body : m.type))
  if (step.state.status !== 'ended' || JSON.stringify(bodies) !== JSON.stringify(EXPECTED))
    throw new Error(
      `calls bench (${label}): expected ${JSON.stringify(EXPECTED)} in an ended run, got ${JSON.stringify(bodies)} (${step.state.status})`,
    )
}

/**
 * One round: the two kinds of run alternate one by one for about ROUND_MS, so a burst of load lands on both; each
 * kind's median run time gives its steps/s, and their ratio is the round's cost of a call.
 */
async function round(
  inlined: () => Promise<void>,
  called: () => Promise<void>,
): Promise<{ inline: number; call: number }> {
  const a: number[] = []
  const b: number[] = []
  const end = performance.now() + ROUND_MS
  while (performance.now() < end) {
    let t0 = performance.now()
    await inlined()
    a.push(performance.now() - t0)
    t0 = performance.now()
    await called()
    b.push(performance.now() - t0)
  }
  return { inline: 1000 / median(a), call: 1000 / median(b) }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

export async function run(): Promise<void> {
  const inline = inlineFlow()
  const caller = callerFlow()
  const deps = { effects: createEffects(), catalog: nodeCatalog, flows: flowsFrom([calleeFlow()]) }
  const contact = { id: 'c_bench', name: 'Asha', phone: '+919800000001' }
  const trigger = { kind: 'webhook' as const, phone_number: contact.phone, data: { name: 'Asha', amount: 250 } }
  const inlined = async () => check(await startRun(inline, { contact, trigger }, deps), 'inline')
  const called = async () => check(await startRun(caller, { contact, trigger }, deps), 'call')
  for (let i = 0; i < 300; i++) {
    await inlined()
    await called()
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
  const ratios: number[] = []
  const rates = { inline: [] as number[], call: [] as number[] }
  for (let r = 0; r < ROUNDS; r++) {
    const { inline: a, call: b } = await round(inlined, called)
    rates.inline.push(a)
    rates.call.push(b)
    ratios.push(a / b)
    console.log(
      `round ${r + 1}: inline ${Math.round(a)} runs/s, through a call ${Math.round(b)} runs/s (medians of alternating runs), cost ×${(a / b).toFixed(3)}`,
    )
  }
  const after = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')
  console.log(
    `median of ${ROUNDS}: inline ${Math.round(median(rates.inline))} runs/s, through a call ${Math.round(median(rates.call))} runs/s; a call costs ×${median(ratios).toFixed(3)} the same nodes inlined (goal ≤ 1.2)   load average ${load} → ${after}`,
  )
}
