import type { Problem } from '../nodes/types'
import type { FlowDocument } from '../flow/document'
import { cycles, reach, type FlowGraph } from '../flow/graph'
import { NODE_DEFINITIONS, parseConfig } from '../nodes/registry'
import { parseConfigLeniently } from './lenient-config'
import { isNodeType } from '../nodes/node-types'
import { behaviourOfType, startsFlow } from '../nodes/behaviour-of'

// Edges, ports, reachability and loops. Port lists come from each node's definition, so a removed button or
// route leaves a dangling edge that is reported here instead of silently going nowhere.

/** `pathTo` names the path from the trigger to a node, so a dead end says how a run gets there. */
export function validateEdges(doc: FlowDocument, pathTo: (nodeId: string) => string | null = () => null): Problem[] {
  const out: Problem[] = []
  const nodes = new Map(doc.nodes.map((n) => [n.id, n]))
  const seenIds = new Set<string>()
  const usedPorts = new Map<string, number>()
  doc.edges.forEach((e, i) => {
    const at = `/edges/${i}`
    if (seenIds.has(e.id))
      out.push({
        severity: 'error',
        code: 'edge.duplicate_id',
        message: `Two edges share the id '${e.id}'.`,
        pointer: `${at}/id`,
      })
    seenIds.add(e.id)
    const src = nodes.get(e.source)
    const dst = nodes.get(e.target)
    if (!src)
      out.push({
        severity: 'error',
        code: 'edge.unknown_node',
        message: `An edge starts at node '${e.source}', which does not exist.`,
        pointer: `${at}/source`,
      })
    if (!dst)
      out.push({
        severity: 'error',
        code: 'edge.unknown_node',
        message: `An edge leads to node '${e.target}', which does not exist.`,
        pointer: `${at}/target`,
      })
    if (dst && startsFlow(dst.type))
      out.push({
        severity: 'error',
        code: 'edge.into_trigger',
        message: `An edge leads into the trigger '${dst.name}'; a trigger only starts the flow.`,
        nodeId: dst.id,
        pointer: `${at}/target`,
      })
    if (!src || !isNodeType(src.type)) return
    const parsed = parseConfig(src.type, src.config)
    if (!parsed.success) return
    const ports = NODE_DEFINITIONS[src.type].ports(parsed.data).map((p) => p.id)
    if (!ports.includes(e.sourcePort)) {
      const has = ports.length ? `its ports are ${ports.map((p) => `'${p}'`).join(', ')}` : 'it has no outputs'
      out.push({
        severity: 'error',
        code: 'edge.unknown_port',
        message: `'${src.name}' has no output '${e.sourcePort}' (${has}).`,
        nodeId: src.id,
        pointer: `${at}/sourcePort`,
      })
      return
    }
    const key = `${e.source}\u0000${e.sourcePort}`
    if (usedPorts.has(key))
      out.push({
        severity: 'error',
        code: 'edge.port_twice',
        message: `Output '${e.sourcePort}' of '${src.name}' is connected twice; a path can lead to one node only.`,
        nodeId: src.id,
        pointer: at,
      })
    usedPorts.set(key, i)
  })
  // Ports with no edge: the run would stop there without an End.
  doc.nodes.forEach((n, i) => {
    if (!isNodeType(n.type)) return
    const parsed = parseConfig(n.type, n.config)
    if (!parsed.success) return
    // A port the node never takes with this config (an offline Intent's failed) needs nothing connected.
    const idle = new Set((behaviourOfType(n.type).idlePorts?.(parsed.data) ?? []).map((d) => d.port))
    for (const p of NODE_DEFINITIONS[n.type].ports(parsed.data)) {
      if (usedPorts.has(`${n.id}\u0000${p.id}`) || idle.has(p.id)) continue
      const failure = p.kind === 'failure'
      // A dead end: the run stops there without an End and without waiting for the customer.
      const path = pathTo(n.id)
      const deadEnd = path ? ` A run that gets here (${path}) and takes it stops without reaching an End.` : ''
      out.push({
        severity: failure ? 'warning' : 'error',
        code: 'port.unconnected',
        message: failure
          ? `'${n.name}' has nothing connected to '${p.label}'; a failure there ends the run.${path ? ` Path: ${path}.` : ''}`
          : `Output '${p.label}' of '${n.name}' is not connected to any node.${deadEnd}`,
        nodeId: n.id,
        pointer: `/nodes/${i}`,
      })
    }
  })
  return out
}

export function validateReachability(
  doc: FlowDocument,
  graph: FlowGraph,
): { problems: Problem[]; reachable: Set<string> } {
  const triggers = doc.nodes.filter((n) => startsFlow(n.type)).map((n) => n.id)
  const reachable = reach(triggers, graph.next)
  const problems: Problem[] = []
  doc.nodes.forEach((n, i) => {
    if (triggers.length && !reachable.has(n.id))
      problems.push({
        severity: 'warning',
        code: 'node.unreachable',
        message: `'${n.name}' cannot be reached from the trigger; it never runs.`,
        nodeId: n.id,
        pointer: `/nodes/${i}`,
      })
  })
  const waits = new Set(
    doc.nodes
      .filter((n) => {
        // An invalid setting (reported on its own) must not turn a waiting node into a false "loop" error.
        if (!isNodeType(n.type)) return false
        const parsed = parseConfigLeniently(n.type, n.config)
        if (!parsed.success) return false
        // A node that holds the run on time (a Wait) pauses a loop too: "remind every day" does not spin.
        const def = NODE_DEFINITIONS[n.type] as { waits(c: unknown): boolean; timeWait?(c: unknown): unknown }
        return def.waits(parsed.data) || !!def.timeWait?.(parsed.data)
      })
      .map((n) => n.id),
  )
  const index = new Map(doc.nodes.map((n, i) => [n.id, i]))
  for (const loop of cycles(graph, (id) => !waits.has(id))) {
    const names = loop.map((id) => doc.nodes[index.get(id)!]!.name)
    const first = loop[0]!
    problems.push({
      severity: 'error',
      code: 'loop.no_wait',
      message: `Loop ${names.join(' → ')} → ${names[0]} has no Question, Interactive Message, Chat Flow or Wait, so it can run forever without waiting for the customer.`,
      nodeId: first,
      pointer: `/nodes/${index.get(first)}`,
    })
  }
  return { problems, reachable }
}
