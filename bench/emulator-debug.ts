// The debugger's cost on the emulator's back end (issue #32, "Stepping feels instant"): Step → session updated with
// the debugger attached, against the same step without it. Through a real back end (createTempBackend: SQLite file,
// the command layer), on the appointment example and a generated 500-node flow. Per flow, p95 of:
//   reply      a customer reply (emulator.send) → the session, debugger detached: the step as it is without it
//   attached   the same replies with the debugger attached (a stored breakpoint whose condition is false, two
//              watches evaluated per step)
//   Step       debug.step → the session (one node run, paused before the next, the debug view built)
// printed with the ratio to `reply`. The UI's share (canvas and panels redrawn) is measured by the Playwright side.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { FLOW_FORMAT, type FlowDocument, type FlowEdge, type FlowNode } from '../shared/flow/document'
import type { Backend } from '../electron/studio/backend'
import type { CustomerEvent } from '../shared/api/commands/emulator'
import { createTempBackend, expectOk } from '../electron/studio/testing/backend'

const ROOT = path.resolve(import.meta.dirname, '..')
const ROUNDS = 4

interface Case {
  name: string
  flow: FlowDocument
  start: string
  /** The customer's answer at each waiting node, by node name. */
  answer(nodeName: string): CustomerEvent
  /** Replies per conversation (after the start). */
  replies: number
  cycles: number
}

/** Trigger, then blocks of Question → Condition → Message (each reading its answer and the contact), then End. */
export function generatedFlow(nodeCount: number): FlowDocument {
  const nodes: FlowNode[] = []
  const edges: FlowEdge[] = []
  const add = (id: string, type: FlowNode['type'], name: string, config: Record<string, unknown>) =>
    nodes.push({ id, type, name, position: { x: 0, y: nodes.length * 120 }, config })
  const link = (source: string, sourcePort: string, target: string) =>
    edges.push({ id: `e${edges.length}`, source, sourcePort, target })
  add('t', 'trigger', 'trigger_1', { kind: 'keyword', keywords: ['go'], matchMode: 'exact' })
  let prev = 't'
  for (let i = 0; i < Math.floor((nodeCount - 2) / 3); i++) {
    add(`q${i}`, 'question', `ask_${i}`, { prompt: `Step ${i}, {{customer_name}}?`, saveTo: `answer_${i}` })
    add(`c${i}`, 'condition', `check_${i}`, {
      join: 'and',
      rules: [{ left: `{{answer_${i}}}`, operator: 'equals', right: 'yes' }],
    })
    add(`m${i}`, 'message', `say_${i}`, { text: `Got {{answer_${i}}} from {{customer_name}} at step ${i}` })
    link(prev, 'out', `q${i}`)
    link(`q${i}`, 'out', `c${i}`)
    link(`c${i}`, 'true', `m${i}`)
    link(`c${i}`, 'false', `m${i}`)
    prev = `m${i}`
  }
  add('end', 'end', 'end_1', {})
  link(prev, 'out', 'end')
  return {
    format: FLOW_FORMAT,
    id: 'bench',
    name: 'Bench 500',
    active: true,
    nodes,
    edges,
    samples: {},
    webhookSecretRef: null,
  }
}

function cases(): Case[] {
  const appointment = JSON.parse(fs.readFileSync(path.join(ROOT, 'resources/examples/appointment.flow.json'), 'utf8'))
  return [
    {
      name: 'appointment example',
      flow: appointment,
      start: 'book',
      answer: (node) =>
        node === 'service_menu'
          ? { type: 'list_reply', reply: { id: 'haircut', title: 'Haircut' } }
          : { type: 'text', text: 'Thursday' },
      replies: 2,
      cycles: 8,
    },
    {
      name: '500-node generated flow',
      flow: generatedFlow(500),
      start: 'go',
      answer: () => ({ type: 'text', text: 'yes' }),
      replies: 20,
      cycles: 1,
    },
  ]
}

async function timed<T>(ms: number[], call: () => Promise<T>): Promise<T> {
  const t0 = performance.now()
  const out = await call()
  ms.push(performance.now() - t0)
  return out
}

async function setUp(b: Backend, c: Case) {
  const created = expectOk(await b.call('flows.create', { name: c.flow.name }))
  expectOk(await b.call('flows.save', { document: { ...c.flow, id: created.id }, expectedRevision: created.revision }))
  const contact = expectOk(await b.call('emulator.contact', { name: 'Asha' }))
  const flow = expectOk(await b.call('flows.get', { id: created.id })).document
  return { t: { flowId: created.id, contactId: contact.id }, flow }
}

const nameOf = (flow: FlowDocument, id: string | null | undefined) => flow.nodes.find((n) => n.id === id)?.name ?? ''

/** Replies through whole conversations, detached or attached: every start and reply timed. */
async function replies(b: Backend, c: Case, attached: boolean): Promise<number[]> {
  const { t, flow } = await setUp(b, c)
  if (attached) {
    // A breakpoint the run passes whose condition is false: read from the flow's stored list, evaluated, not hit.
    const passed = flow.nodes.find((n) => n.type === 'message')!
    const condition = '{{ {{customer_name}} == "nobody" }}'
    const bp = { id: 'bp', at: { kind: 'node' as const, nodeId: passed.id }, enabled: true, condition }
    expectOk(await b.call('breakpoints.set', { flowId: t.flowId, breakpoints: [bp] }))
    expectOk(await b.call('debug.attach', { ...t, on: true }))
    expectOk(await b.call('debug.watches', { ...t, expressions: ['{{customer_name}}', '{{ {{answer_0}} == "yes" }}'] }))
  }
  const ms: number[] = []
  for (let i = 0; i < c.cycles; i++) {
    let s = (
      await timed(ms, async () =>
        expectOk(await b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: c.start } })),
      )
    ).session
    for (let r = 0; r < c.replies && s.run?.waitingNodeId; r++) {
      const event = c.answer(nameOf(flow, s.run.waitingNodeId))
      s = (await timed(ms, async () => expectOk(await b.call('emulator.send', { ...t, event })))).session
      if (attached && !s.debug) throw new Error('bench: the debugger is not attached')
    }
  }
  return ms
}

/** Step after step from the trigger; a waiting node is stepped over with its answer (not timed). */
async function steps(b: Backend, c: Case): Promise<number[]> {
  const { t, flow } = await setUp(b, c)
  const trigger = flow.nodes.find((n) => n.type === 'trigger')!
  const bp = { id: 'bp', at: { kind: 'node' as const, nodeId: trigger.id }, enabled: true }
  expectOk(await b.call('breakpoints.set', { flowId: t.flowId, breakpoints: [bp] }))
  expectOk(await b.call('debug.attach', { ...t, on: true }))
  expectOk(await b.call('debug.watches', { ...t, expressions: ['{{customer_name}}', '{{ {{answer_0}} == "yes" }}'] }))
  const ms: number[] = []
  const budget = c.cycles * (c.replies + 1) * 4
  for (let i = 0; i < c.cycles && ms.length < budget; i++) {
    let s = expectOk(await b.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: c.start } })).session
    let answered = 0
    while (s.run?.status === 'paused' && ms.length < budget) {
      if (s.debug?.paused) s = await timed(ms, async () => expectOk(await b.call('debug.step', { ...t })))
      else if (answered++ < c.replies) {
        const event = c.answer(nameOf(flow, s.run.waitingNodeId))
        s = expectOk(await b.call('debug.stepOver', { ...t, event }))
      } else break
    }
  }
  return ms
}

const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.min(ms.length - 1, Math.ceil(0.95 * ms.length) - 1)]!

export async function runDebugBench(): Promise<void> {
  console.log('debugger: command → session on the back end (real SQLite), p95 ms, ratio to the step without it')
  for (const c of cases()) {
    const temp = createTempBackend({ now: () => Date.UTC(2026, 2, 4, 10) })
    try {
      await replies(temp.backend, c, false) // warm-up: compiled templates, prepared statements
      // Interleaved rounds: the machine is shared, and a burst of load must not fall on one kind of step only.
      const base: number[] = []
      const attached: number[] = []
      const stepped: number[] = []
      for (let round = 0; round < ROUNDS; round++) {
        base.push(...(await replies(temp.backend, c, false)))
        attached.push(...(await replies(temp.backend, c, true)))
        stepped.push(...(await steps(temp.backend, c)))
      }
      const b = p95(base)
      const line = (label: string, ms: number[]) =>
        console.log(
          `  ${`${c.name}: ${label}`.padEnd(58)} p95 ${p95(ms).toFixed(1).padStart(6)} ms  (${ms.length} samples)  ×${(p95(ms) / b).toFixed(2)}`,
        )
      line('reply → session, no debugger', base)
      line('reply → session, debugger attached', attached)
      line('Step → session (debugger)', stepped)
    } finally {
      await temp.cleanup()
    }
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')
  console.log(`  load average ${load} (${os.cpus().length} cores)`)
}
