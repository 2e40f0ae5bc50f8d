// The 24-hour window at design time (docs/flow-format.md, "Validation"): a wait on time (a Wait node, "no reply
// within") can push a free-form message past 24 hours after the customer's last message, and then the channel
// refuses it (131047; the engine fails the node the same way: docs/engine.md, "Waiting on time"). For every node,
// the longest time waited on time since the customer last wrote, over every path; a node that sends a free-form
// message where that can reach 24 hours gets a warning suggesting a Template Message.
import type { Problem } from '../../nodes/types'
import { NODE_DEFINITIONS } from '../../nodes/registry'
import { isNodeType } from '../../nodes/node-types'
import { WINDOW_MS } from '../../engine/limits'
import { formatDuration } from '../../text/duration'
import type { PortGraph } from './port-graph'

interface Reach {
  /** Longest time waited on time since the customer last wrote, on the way here (Infinity: without bound). */
  ms: number
  /** The waits that make it up, for the message: "next_morning (up to 1d 2h)". */
  waits: string[]
}

export function windowProblems(g: PortGraph): Problem[] {
  const n = g.nodes.length
  const best: Array<Reach | null> = new Array(n).fill(null)
  const raised = new Int32Array(n)
  const queue: number[] = []
  const offer = (to: number, r: Reach) => {
    const had = best[to]
    if (had && had.ms >= r.ms) return
    // A loop that adds time each round grows without bound: past n raises it is one.
    best[to] = ++raised[to]! > n + 1 ? { ms: Infinity, waits: r.waits } : r
    queue.push(to)
  }
  // What happened before the flow started is the host's business: a run starts with the window as it finds it.
  for (const t of g.triggers) offer(t, { ms: 0, waits: [] })
  for (let head = 0; head < queue.length && head < 200_000; head++) {
    const at = queue[head]!
    const here = best[at]!
    const node = g.nodes[at]!
    const config = g.config(at)
    const def = isNodeType(node.type) && config !== undefined ? NODE_DEFINITIONS[node.type] : undefined
    const time = def?.timeWait?.(config as never) ?? null
    const answered = !!def?.waits(config as never)
    for (const e of g.out[at]!) {
      if (time && e.port === time.port)
        offer(e.to, { ms: here.ms + time.maxMs, waits: [...here.waits, `${node.name} (up to ${span(time.maxMs)})`] })
      // Any other way out of a node that waits for the customer is their answer: the window opens again.
      else offer(e.to, answered ? { ms: 0, waits: [] } : here)
    }
  }
  const problems: Problem[] = []
  best.forEach((r, i) => {
    if (!r || r.ms < WINDOW_MS) return
    const node = g.nodes[i]!
    const def = isNodeType(node.type) ? NODE_DEFINITIONS[node.type] : undefined
    if (!def || !def.sends.some((k) => k !== 'template')) return
    // A template that only waits with "no reply within" sends a template: fine. Anything else free-form is not.
    problems.push({
      severity: 'warning',
      code: 'window.free_form_after_wait',
      message: `'${node.name}' can send a free-form message ${r.ms === Infinity ? 'any time' : `up to ${span(r.ms)}`} after the customer last wrote (waits on the way: ${r.waits.join(', ')}). Past 24 hours the channel refuses it (131047) and the node fails: send a Template Message here instead, or let the customer write first.`,
      nodeId: node.id,
      pointer: `/nodes/${i}`,
    })
  })
  return problems
}

function span(ms: number): string {
  return ms === Infinity ? 'no limit' : formatDuration(ms)
}
