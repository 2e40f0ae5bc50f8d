import type { FlowDocument, FlowNode } from '../../shared/flow/document'
import { renameNode } from '../../shared/analysis/rename'
import { knownType, nextNodeName, type NodeType } from '../../shared/nodes/node-types'
import { definitionOf as def, parseConfig } from '../../shared/nodes/registry'
import type { NodeDefinition, Port } from '../../shared/nodes/types'
import type { CustomerText } from '../../shared/flow/node-facts'

// The editor's window onto the flow model (shared/nodes, shared/flow). Configs on the canvas can be half-edited and
// invalid; ports and summaries then come from the raw config where the schema refuses it, so the card never
// disappears mid-edit. Parsing is cached per config object: a 1000-node canvas parses each config once.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const definitionOf = (type: NodeType): NodeDefinition<any> => def(type)

const parsed = new WeakMap<object, unknown>()
function configOf(node: FlowNode): unknown {
  let c = parsed.get(node.config)
  if (c === undefined) {
    const type = knownType(node.type)
    const r = parseConfig(type, node.config)
    c = r.success ? r.data : { ...definitionOf(type).defaults(), ...node.config }
    parsed.set(node.config, c)
  }
  return c
}

export function portsOf(node: FlowNode): Port[] {
  try {
    return definitionOf(knownType(node.type)).ports(configOf(node))
  } catch {
    return []
  }
}

export function summaryOf(node: FlowNode): string {
  try {
    return definitionOf(knownType(node.type)).summary(configOf(node))
  } catch {
    return ''
  }
}

/** The version of its type's config shape a new node records (`typeVersion`, shared/flow/node-versions.ts). */
export const currentVersion = (type: NodeType): number => def(type).version

export function defaultConfig(type: NodeType): Record<string, unknown> {
  return definitionOf(type).defaults() as Record<string, unknown>
}

export function nextName(doc: FlowDocument, type: NodeType): string {
  return nextNodeName(
    type,
    doc.nodes.map((n) => n.name),
  )
}

export function nextNameAmong(taken: Iterable<string>, type: NodeType): string {
  return nextNodeName(type, taken)
}

/** Renames a node and rewrites every reference to it; an invalid name leaves the document as it was. */
export function renameInDocument(doc: FlowDocument, nodeId: string, name: string): FlowDocument {
  const r = renameNode(doc, nodeId, name)
  return r.ok ? r.document : doc
}

const customerTextCache = new WeakMap<object, CustomerText[]>()

/** The customer texts of a node's config, as its type declares them; none when the config cannot be read. Cached
 *  per config object: the canvas asks for every card when it shows another language. */
export function customerTextsOf(node: FlowNode): CustomerText[] {
  let texts = customerTextCache.get(node.config)
  if (!texts) {
    try {
      texts = definitionOf(knownType(node.type)).customerTexts(configOf(node))
    } catch {
      texts = []
    }
    customerTextCache.set(node.config, texts)
  }
  return texts
}

export const customerTextPointers = (node: FlowNode): string[] => customerTextsOf(node).map((t) => t.pointer)
