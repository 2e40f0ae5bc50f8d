// The flow model's costs on growing flows: validateFlow (the editor runs it 150 ms after each edit, publish and
// `chatflow validate` once), the reference index behind "Used in X place(s)", a rename of a node every block reads,
// and serialise + parse. Each generated flow is checked to validate clean before anything is timed.
import { FLOW_FORMAT, type FlowDocument, type FlowEdge, type FlowNode } from '../../shared/flow/document'
import { buildReferenceIndex } from '../../shared/analysis/references'
import { renameNode } from '../../shared/analysis/rename'
import { parseFlow } from '../../shared/nodes/load-flow'
import { serialiseFlow } from '../../shared/flow/serialise'
import { validateFlow } from '../../shared/analysis/validate'

const SIZES = [100, 1000, 3000]

/**
 * Trigger, then blocks of Question → HTTP Call → Message (each reading its own block and the first call), then End.
 * A Question that gives up goes to the End: through its failure port the call would be skipped and every later read
 * of it could be empty, which the path analysis rightly warns about.
 */
export function flowOf(nodeCount: number): FlowDocument {
  const nodes: FlowNode[] = []
  const edges: FlowEdge[] = []
  const add = (id: string, type: FlowNode['type'], name: string, config: Record<string, unknown>) =>
    nodes.push({ id, type, name, position: { x: 0, y: nodes.length * 120 }, config })
  const link = (source: string, sourcePort: string, target: string) =>
    edges.push({ id: `e${edges.length}`, source, sourcePort, target })
  add('t', 'trigger', 'trigger_1', { keywords: ['start'] })
  let prev = 't'
  for (let i = 0; i < Math.floor((nodeCount - 2) / 3); i++) {
    add(`q${i}`, 'question', `ask_${i}`, { prompt: `Step ${i}, {{customer_name}}?`, saveTo: `answer_${i}` })
    add(`h${i}`, 'http_call', `call_${i}`, {
      url: `https://api.test/items/{{answer_${i}}}`,
      headers: [{ key: 'x-first', value: i === 0 ? 'none' : '{{call_0.status}}' }],
    })
    add(`m${i}`, 'message', `say_${i}`, {
      text: `Item {{call_${i}.result.name}} for {{answer_${i}}}; first call: {{call_0.status}}`,
    })
    link(prev, 'out', `q${i}`)
    link(`q${i}`, 'out', `h${i}`)
    link(`q${i}`, 'failure', 'end')
    link(`h${i}`, 'success', `m${i}`)
    link(`h${i}`, 'failure', `m${i}`)
    prev = `m${i}`
  }
  add('end', 'end', 'end_1', {})
  link(prev, 'out', 'end')
  return {
    format: FLOW_FORMAT,
    id: 'bench',
    name: 'Bench',
    active: true,
    nodes,
    edges,
    samples: {},
    webhookSecretRef: null,
  }
}

/** Median milliseconds of fn over `runs` runs after one warm-up (the machine is shared; the median resists bursts). */
function median(fn: () => unknown, runs: number): number {
  fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now()
    fn()
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)]!
}

export async function run(): Promise<void> {
  console.log('median ms per call (runs: 15 / 15 / 7 by size):')
  console.log('  nodes  refs   validateFlow  referenceIndex  rename(call_0)  serialise+parse  bytes')
  for (const size of SIZES) {
    const doc = flowOf(size)
    const problems = validateFlow(doc)
    if (problems.length)
      throw new Error(`flow bench: the ${size}-node flow should validate clean: ${problems[0]!.message}`)
    const refs = buildReferenceIndex(doc).length
    const r = renameNode(doc, 'h0', 'first_call')
    if (!r.ok || r.places.length !== Math.floor((size - 2) / 3) * 2) throw new Error('flow bench: rename missed places')
    const runs = size >= 3000 ? 7 : 15
    const validate = median(() => validateFlow(doc), runs)
    const index = median(() => buildReferenceIndex(doc), runs)
    const rename = median(() => renameNode(doc, 'h0', 'first_call'), runs)
    const text = serialiseFlow(doc)
    const roundTrip = median(() => parseFlow(serialiseFlow(doc)), runs)
    console.log(
      `  ${String(doc.nodes.length).padStart(5)}  ${String(refs).padStart(5)}  ${validate.toFixed(1).padStart(12)}  ${index.toFixed(1).padStart(14)}  ${rename.toFixed(1).padStart(14)}  ${roundTrip.toFixed(1).padStart(15)}  ${text.length}`,
    )
  }
}
