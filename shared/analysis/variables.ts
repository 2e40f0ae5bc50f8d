import type { FlowDocument, FlowNode } from '../flow/document'
import { NODE_DEFINITIONS } from '../nodes/registry'
import { declaredVariables } from '../nodes/failure-variables'
import { parseConfigLeniently } from './lenient-config'
import type { VariableSpec } from '../nodes/types'
import { ancestorsOf, buildGraph, type FlowGraph } from '../flow/graph'
import type { FlowCatalogue } from '../flow/catalogue'
import { bound } from '../nodes/behaviour-of'

// Every variable a template may read, and where it comes from. The Expression Builder lists variablesAt(node);
// validation resolves references against the same data, so the two never disagree.

/** `input`: an input of a callable flow, set by the caller before the flow's first node. */
export type VariableSource = 'system' | 'interaction' | 'input' | 'trigger' | 'node' | 'sample'

export interface AvailableVariable extends VariableSpec {
  source: VariableSource
  /** The node that produces it, for trigger, node and sample variables. */
  nodeId?: string
  nodeName?: string
}

import { GLOBAL_ROOTS, INTERACTION_VARIABLES, SYSTEM_VARIABLES } from '../flow/system-variables'
import { isNodeType } from '../nodes/node-types'
import { startsFlow } from '../nodes/behaviour-of'

export { GLOBAL_ROOTS, INTERACTION_VARIABLES, SYSTEM_VARIABLES }

/**
 * Object.assign, not `{...v, …}`: V8 spreads these small objects an order of magnitude slower (measured with
 * `npm run bench -- flow`), and validation builds one per variable of every node after each edit.
 */
const fromNode = (v: VariableSpec, source: VariableSource, node: FlowNode): AvailableVariable =>
  Object.assign({}, v, { source, nodeId: node.id, nodeName: node.name })

/**
 * What one node produces, with its sample response flattened into paths (objects and arrays, two levels deep). A node
 * that calls a flow produces that flow's outputs, read from the catalogue (none without one: the call's outputs are
 * unknown until the callee is).
 */
export function nodeVariables(doc: FlowDocument, node: FlowNode, flows?: FlowCatalogue): AvailableVariable[] {
  // A config validation reports as invalid still declares what its valid settings produce (lenient-config.ts).
  if (!isNodeType(node.type)) return []
  const parsed = parseConfigLeniently(node.type, node.config)
  if (!parsed.success) return []
  const source: VariableSource = startsFlow(node.type) ? 'trigger' : 'node'
  const declared = declaredVariables(NODE_DEFINITIONS[node.type], parsed.data, node.name)
    .filter((v) => !GLOBAL_ROOTS.has(v.path))
    .map((v) => fromNode(v, source, node))
  declared.push(...calleeOutputs(node, flows).map((v) => fromNode(v, source, node)))
  const known = new Set(declared.map((v) => v.path))
  const sample = Object.prototype.hasOwnProperty.call(doc.samples, node.name) ? doc.samples[node.name] : undefined
  const fromSample = samplePaths(sample, node.name, 3)
    .filter((p) => !known.has(p.path))
    .map((p) => fromNode(p, 'sample', node))
  return [...declared, ...fromSample]
}

/**
 * What a call node saves: its callee's declared outputs, under the node's name ({{verify.phone}}). While the callee
 * is not known (no catalogue, a flow that does not exist or is not callable) the node's output is open, so reading
 * it is not reported twice: the call's own problem says what is wrong.
 */
function calleeOutputs(node: FlowNode, flows: FlowCatalogue | undefined): VariableSpec[] {
  const call = bound(node, (b) => b.calls)
  if (!call) return []
  const callee = flows?.get(call.decl.target(call.config).flowId)
  if (!callee?.interface) return [{ path: node.name, description: 'Outputs of the flow it calls', type: 'object' }]
  return callee.interface.outputs.map((o) => ({
    path: `${node.name}.${o.name}`,
    description: o.description || `Output of the flow '${callee.name}'`,
    type: 'unknown' as const,
  }))
}

function typeOf(v: unknown): VariableSpec['type'] {
  if (Array.isArray(v)) return 'array'
  if (v === null) return 'unknown'
  const t = typeof v
  return t === 'string' || t === 'number' || t === 'boolean' || t === 'object' ? t : 'unknown'
}

export function samplePaths(sample: unknown, prefix: string, depth: number): VariableSpec[] {
  if (sample === null || typeof sample !== 'object' || depth === 0) return []
  const out: VariableSpec[] = []
  const entries = Array.isArray(sample)
    ? sample.slice(0, 1).map((v, i) => [String(i), v] as const)
    : Object.entries(sample)
  for (const [k, v] of entries) {
    const path = `${prefix}.${k}`
    out.push({ path, description: 'From the sample response', type: typeOf(v) })
    out.push(...samplePaths(v, path, depth - 1))
  }
  return out
}

const globals = (): AvailableVariable[] => [
  ...SYSTEM_VARIABLES.map((v) => ({ ...v, source: 'system' as const })),
  ...INTERACTION_VARIABLES.map((v) => ({ ...v, source: 'interaction' as const })),
]

/** A callable flow's inputs ({{phone}}): the caller sets them before anything runs, so every node may read them. */
const inputs = (doc: FlowDocument): AvailableVariable[] =>
  (doc.interface?.inputs ?? []).map((i) => ({
    path: i.name,
    description: i.description || (i.required ? 'Input of this flow (required)' : 'Input of this flow'),
    type: 'unknown' as const,
    source: 'input' as const,
  }))

/**
 * Top-level variable names that are not node names: system and interaction variables, Question save-to variables,
 * lead fields, mappings… A node named like one of them would make {{name}} ambiguous.
 */
export function variableRoots(
  doc: FlowDocument,
  vars: AvailableVariable[] = allFlowVariables(doc),
): Map<string, AvailableVariable> {
  const out = new Map<string, AvailableVariable>()
  for (const v of vars) {
    const root = v.path.split('.')[0]!
    // A node's own outputs ({{ask_age.answer}}) live under its name; everything else is a variable of its own.
    if (v.nodeName !== root && !out.has(root)) out.set(root, v)
  }
  return out
}

/** Every variable any node of the flow produces, plus system and interaction variables. */
export function allFlowVariables(doc: FlowDocument, flows?: FlowCatalogue): AvailableVariable[] {
  return [...globals(), ...inputs(doc), ...doc.nodes.flatMap((n) => nodeVariables(doc, n, flows))]
}

/**
 * Variables available at a node: system, interaction, and those of every node that can run before it
 * (trigger variables come with the trigger, which precedes every reachable node).
 */
export function variablesAt(
  doc: FlowDocument,
  nodeId: string,
  graph: FlowGraph = buildGraph(doc),
  flows?: FlowCatalogue,
): AvailableVariable[] {
  const before = ancestorsOf(graph, nodeId)
  return [
    ...globals(),
    ...inputs(doc),
    ...doc.nodes.filter((n) => before.has(n.id)).flatMap((n) => nodeVariables(doc, n, flows)),
  ]
}
