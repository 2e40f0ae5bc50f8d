// The ways a run can arrive at a branching node when what decides it is the customer's last choice. Walking back
// from the node to the nearest waiting nodes gives, for every path, the last thing the customer did, as the waiting
// node's module lists it (NodeAnswers.arrivals: a button or row of an interactive message, a choice question's
// answer), or nothing since the trigger. Each such
// arrival fixes the interaction variables and the waiting node's own output exactly, so the node's rules can be
// evaluated for every arrival, and a port no arrival takes is proven dead (the menu row that always routes elsewhere).
import type { Vars } from '../../expr'
import { answersOfType } from '../../nodes/behaviour-of'
import type { TriggerConfig } from '../../nodes/trigger/definition'
import { INTERACTION_VARIABLES } from '../variables'
import type { PortGraph } from './port-graph'

export interface Arrival {
  /** The waiting node the customer last answered, or -1 for "nothing since the trigger". */
  from: number
  /** A person's name for it: 'Haircut' (a row), '18' (a choice), '(no choice yet)'. */
  label: string
  vars: Vars
  /** Variable paths (and roots) whose value this arrival decides; reading anything else makes it undecided. */
  decides: ReadonlySet<string>
}

/**
 * Every arrival at node `at`, or null when some path's last choice cannot be listed (free text, a form…).
 * `shared(path)` says whether another node also sets a variable: a choice saved where others write is not decided.
 */
export function arrivalsAt(g: PortGraph, at: number, shared: (variable: string) => boolean): Arrival[] | null {
  const last: Array<{ node: number; port: string }> = []
  let fromStart = false
  const seen = new Uint8Array(g.nodes.length)
  const stack = [at]
  seen[at] = 1
  while (stack.length) {
    const v = stack.pop()!
    for (const { from, port } of g.into[v]!) {
      if (g.waits[from]) last.push({ node: from, port })
      else if (!seen[from]) {
        seen[from] = 1
        stack.push(from)
      }
    }
    if (g.triggers.includes(v)) fromStart = true
  }
  const out: Arrival[] = []
  if (fromStart) {
    const start = startArrival(g)
    if (!start) return null
    out.push(start)
  }
  for (const { node, port } of last) {
    const listed = choiceArrivals(g, node, port, shared)
    if (!listed) return null
    out.push(...listed)
  }
  return out
}

/** Nothing chosen since the trigger: interaction variables and every waiting node's output are unset. */
function startArrival(g: PortGraph): Arrival | null {
  for (const t of g.triggers) {
    // A reply-button tap that starts the flow sets button_id and friends to its payload: not a listable value.
    if ((g.config(t) as TriggerConfig | undefined)?.kind === 'button_click') return null
  }
  const decides = new Set<string>(INTERACTION_VARIABLES.map((v) => v.path))
  g.nodes.forEach((n, i) => {
    if (!g.waits[i]) return
    decides.add(n.name)
    const config = g.config(i)
    const saves = config === undefined ? [] : (answersOfType(n.type)?.saves?.(config) ?? [])
    for (const saveTo of saves) decides.add(saveTo)
  })
  return { from: -1, label: '(no choice since the trigger)', vars: {}, decides }
}

function choiceArrivals(
  g: PortGraph,
  node: number,
  port: string,
  shared: (variable: string) => boolean,
): Arrival[] | null {
  const n = g.nodes[node]!
  const config = g.config(node)
  const listed = config === undefined ? null : answersOfType(n.type)?.arrivals?.(config, n.name, port, shared)
  return listed ? listed.map((a) => ({ from: node, ...a })) : null
}

/** Whether the arrival decides a variable path read by a rule ('row_id', 'service_menu.id'). */
export function decided(a: Arrival, path: string): boolean {
  if (a.decides.has(path)) return true
  const root = path.split('.')[0]!
  return a.from === -1 && a.decides.has(root)
}
