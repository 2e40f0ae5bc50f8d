// Small flow documents for tests, the CLI and the benchmark: nodes get their type's defaults under the config
// given, and edges are written as [from, port, to] by node name.
import { FLOW_FORMAT, type FlowDocument, type FlowNode } from '../../flow/document'
import type { NodeType } from '../../nodes/node-types'
import { NODE_DEFINITIONS } from '../../nodes/registry'
import { createEffects, type Effects } from '../effects'
import type { EngineDeps, NodeMock } from '../deps'
import { nodeCatalog } from '../../nodes/runners'
import type { Contact } from '../types'

export interface NodeSpec {
  type: NodeType
  name: string
  config?: Record<string, unknown>
}

export function buildFlow(
  nodes: NodeSpec[],
  edges: Array<[from: string, port: string, to: string]>,
  opts: { id?: string; name?: string; active?: boolean } = {},
): FlowDocument {
  const byName = new Map<string, FlowNode>()
  const flowNodes = nodes.map((n, i) => {
    const node: FlowNode = {
      id: `n_${n.name}`,
      type: n.type,
      typeVersion: NODE_DEFINITIONS[n.type].version,
      name: n.name,
      position: { x: 0, y: i * 120 },
      config: { ...(NODE_DEFINITIONS[n.type].defaults() as Record<string, unknown>), ...n.config },
    }
    byName.set(n.name, node)
    return node
  })
  const id = (name: string) => {
    const node = byName.get(name)
    if (!node) throw new Error(`buildFlow: no node named ${name}`)
    return node.id
  }
  return {
    format: FLOW_FORMAT,
    id: opts.id ?? 'flw_test',
    name: opts.name ?? 'Test flow',
    active: opts.active ?? true,
    nodes: flowNodes,
    edges: edges.map(([from, port, to], i) => ({ id: `e_${i}`, source: id(from), sourcePort: port, target: id(to) })),
    samples: {},
    webhookSecretRef: null,
  }
}

/** Deterministic deps: a clock the test moves, sequential ids. */
export function testDeps(opts: { now?: number; mocks?: Record<string, NodeMock>; effects?: Partial<Effects> } = {}) {
  let now = opts.now ?? Date.UTC(2026, 0, 1, 9, 0, 0)
  let n = 0
  const effects = createEffects({
    clock: { now: () => now },
    ids: { next: (prefix) => `${prefix}${++n}` },
    ...opts.effects,
  })
  const deps: EngineDeps = { effects, catalog: nodeCatalog, mocks: opts.mocks }
  return {
    deps,
    advance(ms: number) {
      now += ms
    },
  }
}

export const ASHA: Contact = { id: 'c_asha', name: 'Asha', phone: '+919800000001' }
export const RAVI: Contact = { id: 'c_ravi', name: 'Ravi', phone: '+919800000002' }
