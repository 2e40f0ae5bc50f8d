// Analysis of a studio whose flows call each other (issue 30): validateFlow of each of 200 callable flows with the
// studio's catalogue (every check over the call graph: callees, inputs, outputs returned on every path, cycles),
// and the generator's static pass over each flow with every flow it reaches through calls (its composite: index,
// reachability and the proofs of dead branches, through-calls.ts). The bar: under 100 ms per flow.
import { FLOW_FORMAT, type FlowDocument, type FlowEdge, type FlowNode } from '../../shared/flow/document'
import { catalogueOf } from '../../shared/flow/catalogue'
import { validateFlow } from '../../shared/analysis/validate'
import { deadBranches, sharedVariables, walkFrom } from '../../shared/analysis/paths'
import { allFlowVariables } from '../../shared/analysis/variables'
import { withParsedConfigs } from '../../shared/nodes/registry'
import { indexFlow } from '../../shared/generate/flow-index'
import { callScope } from '../../shared/generate/through-calls'

const FLOWS = 200
/** Each flow calls the next CALLS flows (only later ones: the studio has no cycle, so every check runs to the end). */
const CALLS = 3
const BLOCKS = 8

/** Flow i: trigger, BLOCKS × (Question → Condition on the answer → Message), then its calls in a row, then End. */
export function studioFlow(i: number): FlowDocument {
  const nodes: FlowNode[] = []
  const edges: FlowEdge[] = []
  const add = (id: string, type: string, name: string, config: Record<string, unknown>) =>
    nodes.push({ id, type, name, position: { x: 0, y: nodes.length * 120 }, config })
  const link = (source: string, sourcePort: string, target: string) =>
    edges.push({ id: `e${edges.length}`, source, sourcePort, target })
  add('t', 'trigger', 'trigger_1', { kind: 'manual' })
  let prev = 't'
  for (let b = 0; b < BLOCKS; b++) {
    add(`q${b}`, 'question', `ask_${b}`, { prompt: `Step ${b} for {{who}}?`, saveTo: `answer_${b}` })
    add(`c${b}`, 'condition', `check_${b}`, { rules: [{ left: `{{answer_${b}}}`, operator: 'equals', right: 'yes' }] })
    add(`m${b}`, 'message', `say_${b}`, { text: `Noted {{answer_${b}}}` })
    link(prev, 'out', `q${b}`)
    link(`q${b}`, 'out', `c${b}`)
    link(`q${b}`, 'failure', 'end')
    link(`c${b}`, 'true', `m${b}`)
    link(`c${b}`, 'false', `m${b}`)
    prev = `m${b}`
  }
  for (let k = 1; k <= CALLS && i + k < FLOWS; k++) {
    add(`k${k}`, 'call_flow', `call_${k}`, { flowId: `flw_${i + k}`, inputs: { who: '{{who}}' } })
    add(`r${k}`, 'message', `got_${k}`, { text: `Got {{call_${k}.result}}` })
    link(prev, 'out', `k${k}`)
    link(`k${k}`, 'done', `r${k}`)
    link(`k${k}`, 'failed', 'end')
    prev = `r${k}`
  }
  add('end', 'end', 'end_1', { returns: { result: '{{who}}' } })
  link(prev, 'out', 'end')
  return {
    format: FLOW_FORMAT,
    id: `flw_${i}`,
    name: `Flow ${i}`,
    active: false,
    nodes,
    edges,
    samples: {},
    webhookSecretRef: null,
    interface: { inputs: [{ name: 'who', required: true }], outputs: [{ name: 'result' }] },
  }
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
}

export async function run(): Promise<void> {
  const docs = Array.from({ length: FLOWS }, (_, i) => studioFlow(i))
  const flows = catalogueOf(docs)
  for (const doc of docs) {
    const problems = validateFlow(doc, { flows }).filter((p) => p.severity !== 'note')
    if (problems.length) throw new Error(`call-graph bench: ${doc.id} should validate clean: ${problems[0]!.message}`)
  }
  const rounds = 7
  const validate: number[][] = []
  for (let r = 0; r < rounds; r++) {
    // A fresh copy of the studio each round: the analysis caches per document object, so the first flow of a round
    // pays for reading every callee, as the editor does after the studio hands it new copies.
    const copies = docs.map((d) => structuredClone(d))
    const fresh = catalogueOf(copies)
    validate.push(copies.map((doc) => time(() => validateFlow(doc, { flows: fresh }))))
  }
  // The generator's static pass: flw_0 reaches all 199 others through calls, flw_199 none.
  const paths: number[][] = []
  const sample = [0, 50, 100, 150, 199]
  for (let r = 0; r < 3; r++) {
    const fresh = catalogueOf(docs.map((d) => structuredClone(d)))
    paths.push(sample.map((i) => time(() => staticPass(fresh.get(`flw_${i}`)!, fresh))))
  }
  const nodes = docs.reduce((n, d) => n + d.nodes.length, 0)
  const per = (rows: number[][]) => ({
    median: median(rows.map(median)),
    mean: median(rows.map((r) => r.reduce((a, b) => a + b, 0) / r.length)),
    max: median(rows.map((r) => Math.max(...r))),
  })
  const v = per(validate)
  console.log(`${FLOWS} callable flows, ${nodes} nodes, each calling up to ${CALLS} others (bar: 100 ms per flow)`)
  console.log(`  ms per flow (median of ${rounds} rounds)   median   mean    slowest`)
  console.log(`  validateFlow with the catalogue        ${f(v.median)}  ${f(v.mean)}  ${f(v.max)}`)
  const p = per(paths)
  console.log(`  generator's static pass, composite     ${f(p.median)}  ${f(p.mean)}  ${f(p.max)}`)
  const each = sample.map((i, k) => `flw_${i} ${f(median(paths.map((row) => row[k]!))).trim()}`)
  console.log(`    by flow (calls reach 199…0 others): ${each.join(', ')}`)
}

function time(fn: () => unknown): number {
  const t0 = performance.now()
  fn()
  return performance.now() - t0
}

const f = (ms: number) => ms.toFixed(2).padStart(7)

/** What `chatflow generate` works out before it plays anything: the composite's index and its dead branches. */
function staticPass(flow: FlowDocument, flows: ReturnType<typeof catalogueOf>): void {
  withParsedConfigs(() => {
    const ix = indexFlow(flow, '2026-01-01T00:00:00Z', undefined, callScope(flow, flows))
    deadBranches(ix.graph, walkFrom(ix.graph).seen, sharedVariables(allFlowVariables(ix.doc)))
  })
}
