// The engine benchmark: the flow in bench/engine-flow.flow.json (webhook trigger,
// condition, a message with a nested expression, end) run for one contact through RunService, so every run, its
// 4-node trace and its outbound message are persisted to a real SQLite file (WAL) in a temp folder, one
// transaction per step. Also: the same runs without persistence (the engine alone), and the resume step of the same
// flow paused at a Question put between the trigger and the condition (answer, Condition, Message with the nested
// expression, End: the same work after the pause), persisted. Every sample's rendered text is checked.
// One core: one sequential loop in one Node thread (better-sqlite3 is synchronous). Bounded: about 3 s per measure.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createEffects, startRun, type StepResult } from '../../shared/engine'
import { parseFlow } from '../../shared/nodes/load-flow'
import type { FlowDocument } from '../../shared/flow/document'
import { nodeCatalog } from '../../shared/nodes/runners'
import { openDatabase } from '../../electron/services/db/open'
import { RunService } from '../../electron/services/runs'

const BUDGET_MS = 3000
const MAX_SAMPLES = 50_000
const here = path.dirname(fileURLToPath(import.meta.url))

const EXPECTED = { 250: 'Hi Asha, your total is 295 (priority)', 40: 'Hi Asha, your total is 47.2' } as const

function load(file: string): FlowDocument {
  const loaded = parseFlow(fs.readFileSync(file, 'utf8'))
  if (!loaded.ok) throw new Error(`${file}: ${loaded.error.message}`)
  return loaded.document
}

function check(step: StepResult, expected: string): void {
  const m = step.messages[0]
  const body = m?.type === 'text' ? (m.text as { body: string }).body : undefined
  if (step.state.status !== 'ended' || body !== expected || step.trace.length !== 4) {
    throw new Error(
      `engine bench: expected "${expected}" in an ended 4-node run, got ${JSON.stringify(body)} (${step.state.status}, ${step.trace.length} nodes)`,
    )
  }
}

async function measure(label: string, once: (i: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < 50; i++) await once(i) // warm-up: JIT, statement cache, template cache
  const samples: number[] = []
  const start = performance.now()
  const end = start + BUDGET_MS
  while (performance.now() < end && samples.length < MAX_SAMPLES) {
    const t0 = performance.now()
    await once(samples.length)
    samples.push(performance.now() - t0)
  }
  const elapsed = (performance.now() - start) / 1000
  samples.sort((a, b) => a - b)
  const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(3)
  const rate = Math.round(samples.length / elapsed)
  console.log(
    `${label.padEnd(44)} ${String(rate).padStart(6)} /s  n=${String(samples.length).padStart(6)}  p50 ${q(0.5)} ms  p99 ${q(0.99)} ms`,
  )
}

export async function run(): Promise<void> {
  const flow = load(path.join(here, '..', 'engine-flow.flow.json'))
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-bench-engine-'))
  const db = openDatabase(path.join(dir, 'studio.db'))
  try {
    const service = new RunService(db)
    const webhook = (amount: 250 | 40) => ({
      kind: 'webhook' as const,
      phone_number: '+919800000001',
      data: { name: 'Asha', amount },
    })
    const amountOf = (i: number) => (i % 2 === 0 ? 250 : 40) as 250 | 40

    await measure('run (start → end), trace persisted', async (i) => {
      const amount = amountOf(i)
      const contact = service.contacts.ensure({ phone: '+919800000001', name: 'Asha' })
      check(await service.start(flow, { contact, trigger: webhook(amount) }), EXPECTED[amount])
    })

    const deps = { effects: createEffects(), catalog: nodeCatalog }
    const asha = { id: 'c_bench', name: 'Asha', phone: '+919800000001' }
    await measure('run (start → end), engine only', async (i) => {
      const amount = amountOf(i)
      check(await startRun(flow, { contact: asha, trigger: webhook(amount) }, deps), EXPECTED[amount])
    })

    // Resume: each sample is one resume step of a run paused at the Question (the start is not timed).
    const paused = withQuestion(flow)
    const contact = service.contacts.ensure({ phone: '+919800000002', name: 'Asha' })
    const samples: number[] = []
    const until = performance.now() + BUDGET_MS
    for (let i = 0; performance.now() < until && i < MAX_SAMPLES; i++) {
      const amount = amountOf(i)
      const started = await service.start(paused, { contact, trigger: webhook(amount) })
      const t0 = performance.now()
      const resumed = await service.resume(paused, started.state.id, { type: 'text', text: 'yes' })
      if (i >= 50) samples.push(performance.now() - t0)
      check(resumed, EXPECTED[amount])
    }
    samples.sort((a, b) => a - b)
    const q = (p: number) => samples[Math.min(samples.length - 1, Math.floor(p * samples.length))]!.toFixed(3)
    console.log(
      `${'resume step (answer → end), trace persisted'.padEnd(44)} ${''.padStart(9)}  n=${String(samples.length).padStart(6)}  p50 ${q(0.5)} ms  p99 ${q(0.99)} ms`,
    )

    const counts = db
      .prepare(
        'SELECT (SELECT COUNT(*) FROM runs) AS runs, (SELECT COUNT(*) FROM trace_events) AS events, (SELECT COUNT(*) FROM messages) AS messages',
      )
      .get() as Record<string, number>
    console.log(
      `persisted: ${counts.runs} runs, ${counts.events} trace events, ${counts.messages} messages (${path.join(dir, 'studio.db')})`,
    )
  } finally {
    db.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

/** The bench flow with a Question between the trigger and the condition, so a run pauses before the same work. */
function withQuestion(flow: FlowDocument): FlowDocument {
  const ask = {
    id: 'n_confirm',
    type: 'question' as const,
    name: 'confirm',
    position: { x: 150, y: 0 },
    config: { prompt: 'Shall we go on, {{trigger_1.data.name}}?', answerType: 'text', saveTo: 'confirmed' },
  }
  const edges = flow.edges.map((e) => (e.source === 'n_trigger_1' ? { ...e, target: ask.id } : e))
  return {
    ...flow,
    id: 'flw_bench_engine_resume',
    nodes: [...flow.nodes, ask],
    edges: [...edges, { id: 'e_confirm', source: ask.id, sourcePort: 'out', target: 'n_condition_1' }],
  }
}
