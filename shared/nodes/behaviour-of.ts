// The one way code outside a node's folder asks what a node does (./behaviour.ts): by its module, never by its
// type's name. An unknown type (a document from a newer build, before validation refuses it) declares nothing.
import type { FlowNode } from '../flow/document'
import type { NodeAnswers, NodeBehaviour, NodeBranches, NodeCalls, NodeEffects } from './behaviour'
import type { MessageKind } from './types'
import { isNodeType } from './node-types'
import { NODE_DEFINITIONS, parseConfig, type AnyNodeModule } from './registry'

type NodeLike = Pick<FlowNode, 'type' | 'config'>

export function moduleOfType(type: string): AnyNodeModule | undefined {
  return isNodeType(type) ? NODE_DEFINITIONS[type] : undefined
}

// The declarations are generic in the node's config; callers hand them the node's parsed config.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Any = any

export function behaviourOfType(type: string): NodeBehaviour<Any> {
  return moduleOfType(type) ?? {}
}

/** Whether nodes of this type may send this kind of message (the module's `sends`: 'template' for Template Message). */
export const sendsKind = (type: string, kind: MessageKind): boolean => moduleOfType(type)?.sends.includes(kind) === true

/** Whether nodes of this type start the flow (a Trigger). */
export const startsFlow = (type: string): boolean => behaviourOfType(type).starts === true

export const answersOfType = (type: string): NodeAnswers<Any> | undefined => behaviourOfType(type).answers
export const branchesOfType = (type: string): NodeBranches<Any> | undefined => behaviourOfType(type).branches
export const effectsOfType = (type: string): NodeEffects<Any> | undefined => behaviourOfType(type).effects
export const callsOfType = (type: string): NodeCalls<Any> | undefined => behaviourOfType(type).calls
/** Whether nodes of this type end the run handing outputs back (an End): `returns` is declared. */
export const returnsOfType = (type: string): ((config: Any) => Record<string, string>) | undefined =>
  behaviourOfType(type).returns

/** The node's config as its module parses it (defaults filled), or null for an unknown type or a config that fails. */
export function parsedConfig(node: NodeLike): unknown {
  if (!isNodeType(node.type)) return null
  const r = parseConfig(node.type, node.config)
  return r.success ? r.data : null
}

/** A declaration of a node bound to its parsed config; null when the type declares none or the config fails. */
export function bound<D>(
  node: NodeLike,
  pick: (b: NodeBehaviour<Any>) => D | undefined,
): { decl: D; config: Any } | null {
  const decl = pick(behaviourOfType(node.type))
  if (!decl) return null
  const config = parsedConfig(node)
  return config === null ? null : { decl, config }
}

/** Loads what the waiting nodes of a document need to give samples (NodeAnswers.prepare); call before asking them. */
export async function prepareSamples(nodes: ReadonlyArray<Pick<FlowNode, 'type' | 'config'>>): Promise<void> {
  for (const n of nodes) {
    const b = bound(n, (x) => x.answers?.prepare)
    if (b) await b.decl(b.config)
  }
}
