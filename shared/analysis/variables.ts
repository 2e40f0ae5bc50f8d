import type { FlowDocument, FlowNode } from '../flow/document'
import { NODE_DEFINITIONS } from '../nodes/registry'
import { declaredVariables } from '../nodes/failure-variables'
import { parseConfigLeniently } from './lenient-config'
import type { VariableSpec } from '../nodes/types'
import { ancestorsOf, buildGraph, type FlowGraph } from '../flow/graph'

// Every variable a template may read, and where it comes from. The Expression Builder lists variablesAt(node);
// validation resolves references against the same data, so the two never disagree.

export type VariableSource = 'system' | 'interaction' | 'trigger' | 'node' | 'sample'

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

/** What one node produces, with its sample response flattened into paths (objects and arrays, two levels deep). */
export function nodeVariables(doc: FlowDocument, node: FlowNode): AvailableVariable[] {
  // A config validation reports as invalid still declares what its valid settings produce (lenient-config.ts).
  if (!isNodeType(node.type)) return []
  const parsed = parseConfigLeniently(node.type, node.config)
  if (!parsed.success) return []
  const source: VariableSource = startsFlow(node.type) ? 'trigger' : 'node'
  const declared = declaredVariables(NODE_DEFINITIONS[node.type], parsed.data, node.name)
    .filter((v) => !GLOBAL_ROOTS.has(v.path))
    .map((v) => fromNode(v, source, node))
  const known = new Set(declared.map((v) => v.path))
  const sample = Object.prototype.hasOwnProperty.call(doc.samples, node.name) ? doc.samples[node.name] : undefined
  const fromSample = samplePaths(sample, node.name, 3)
    .filter((p) => !known.has(p.path))
    .map((p) => fromNode(p, 'sample', node))
  return [...declared, ...fromSample]
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
export function allFlowVariables(doc: FlowDocument): AvailableVariable[] {
  return [...globals(), ...doc.nodes.flatMap((n) => nodeVariables(doc, n))]
}

/**
 * Variables available at a node: system, interaction, and those of every node that can run before it
 * (trigger variables come with the trigger, which precedes every reachable node).
 */
export function variablesAt(
  doc: FlowDocument,
  nodeId: string,
  graph: FlowGraph = buildGraph(doc),
): AvailableVariable[] {
  const before = ancestorsOf(graph, nodeId)
  return [...globals(), ...doc.nodes.filter((n) => before.has(n.id)).flatMap((n) => nodeVariables(doc, n))]
}
