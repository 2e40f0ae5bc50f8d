// "Does every path from the trigger to this node pass the way out of that node that sets the variable?" for all
// variables at once. Each node is split in three: its entry, its ordinary ways out and its failure way out; a
// variable is surely set at a reader when the setting part dominates the reader's entry. One dominator tree
// (Cooper, Harvey and Kennedy's iterative algorithm) answers every read in constant time, where a walk per
// variable cost the square of the flow's size (`npm run bench -- flow`).
import type { PortGraph } from './port-graph'

export type SetKind = 'output' | 'saved' | 'error'

export interface Dominance {
  /** True when every path from a trigger to `reader` leaves `producer` by a way out that sets the variable first. */
  setBefore(producer: number, kind: SetKind, reader: number): boolean
}

const entry = (i: number) => 1 + 3 * i
const ordinary = (i: number) => 2 + 3 * i
const failure = (i: number) => 3 + 3 * i

export function dominance(g: PortGraph): Dominance {
  const size = 1 + 3 * g.nodes.length
  // The split graph in flat arrays (successors and predecessors by offset): validation runs after every edit, and
  // arrays of arrays for a few thousand vertices kept the garbage collector busy.
  const from: number[] = []
  const to: number[] = []
  for (const t of g.triggers) {
    from.push(0)
    to.push(entry(t))
  }
  g.nodes.forEach((_n, i) => {
    from.push(entry(i), entry(i))
    to.push(ordinary(i), failure(i))
    for (const e of g.out[i]!) {
      const isFailure = g.ports[i]!.find((p) => p.id === e.port)?.kind === 'failure'
      from.push(isFailure ? failure(i) : ordinary(i))
      to.push(entry(e.to))
    }
  })
  const succ = adjacency(size, from, to)
  const pred = adjacency(size, to, from)
  const { post, order } = postorder(succ)
  const idom = new Int32Array(size).fill(-1)
  idom[0] = 0
  const intersect = (a: number, b: number) => {
    while (a !== b) {
      while (post[a]! < post[b]!) a = idom[a]!
      while (post[b]! < post[a]!) b = idom[b]!
    }
    return a
  }
  for (let changed = true; changed;) {
    changed = false
    for (let k = order.length - 2; k >= 0; k--) {
      const v = order[k]!
      let d = -1
      for (let j = pred.at[v]!; j < pred.at[v + 1]!; j++) {
        const p = pred.list[j]!
        if (idom[p] !== -1) d = d === -1 ? p : intersect(p, d)
      }
      if (d !== -1 && idom[v] !== d) {
        idom[v] = d
        changed = true
      }
    }
  }
  const { pre, end } = treeNumbers(idom, size)
  const dominates = (a: number, b: number) => idom[b] !== -1 && pre[a]! <= pre[b]! && end[b]! <= end[a]!
  return {
    setBefore(producer, kind, reader) {
      // A node never sets before its own read: on its first visit it reads first.
      if (producer === reader) return false
      const by = kind === 'output' ? entry(producer) : kind === 'saved' ? ordinary(producer) : failure(producer)
      return dominates(by, entry(reader))
    },
  }
}

interface Adjacency {
  /** Neighbours of v are list[at[v]] … list[at[v + 1] - 1]. */
  at: Int32Array
  list: Int32Array
}

function adjacency(size: number, from: number[], to: number[]): Adjacency {
  const at = new Int32Array(size + 1)
  for (const f of from) at[f + 1]!++
  for (let v = 0; v < size; v++) at[v + 1]! += at[v]!
  const fill = at.slice(0, size)
  const list = new Int32Array(from.length)
  for (let k = 0; k < from.length; k++) list[fill[from[k]!]!++] = to[k]!
  return { at, list }
}

/** Depth first from vertex 0 without recursion (long chains of nodes), calling `enter` and `exit` on each vertex. */
function depthFirst(adj: Adjacency, enter: (v: number) => void, exit: (v: number) => void): void {
  const size = adj.at.length - 1
  const seen = new Uint8Array(size)
  const stack = new Int32Array(size)
  const next = new Int32Array(size)
  let top = 0
  next[0] = adj.at[0]!
  seen[0] = 1
  enter(0)
  while (top >= 0) {
    const v = stack[top]!
    if (next[top]! < adj.at[v + 1]!) {
      const w = adj.list[next[top]!++]!
      if (seen[w]) continue
      seen[w] = 1
      enter(w)
      stack[++top] = w
      next[top] = adj.at[w]!
      continue
    }
    top--
    exit(v)
  }
}

/** Depth-first postorder numbers from vertex 0; `order` lists vertices by postorder (the root last). */
function postorder(succ: Adjacency): { post: Int32Array; order: Int32Array } {
  const size = succ.at.length - 1
  const post = new Int32Array(size).fill(-1)
  const order = new Int32Array(size)
  let count = 0
  depthFirst(
    succ,
    () => {},
    (v) => {
      post[v] = count
      order[count++] = v
    },
  )
  return { post, order: order.subarray(0, count) }
}

/** Preorder entry and exit numbers of the dominator tree, for constant-time ancestor questions. */
function treeNumbers(idom: Int32Array, size: number): { pre: Int32Array; end: Int32Array } {
  const parents: number[] = []
  const kids: number[] = []
  for (let v = 1; v < size; v++) {
    if (idom[v] === -1) continue
    parents.push(idom[v]!)
    kids.push(v)
  }
  const pre = new Int32Array(size)
  const end = new Int32Array(size)
  let clock = 0
  depthFirst(
    adjacency(size, parents, kids),
    (v) => (pre[v] = clock++),
    (v) => (end[v] = clock++),
  )
  return { pre, end }
}
