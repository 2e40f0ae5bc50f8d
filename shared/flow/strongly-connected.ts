/**
 * The strongly connected groups of a directed graph that hold a cycle (more than one member, or one that leads to
 * itself), each in the order Tarjan's algorithm closes it. Iterative, so a long chain cannot overflow the stack.
 * One algorithm for both graphs the studio checks for cycles: nodes within a flow (graph.ts, loops that never
 * pause) and flows calling flows (catalogue.ts, recursion).
 */
export function cyclicGroups(ids: Iterable<string>, next: (id: string) => readonly string[]): string[][] {
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const onStack = new Set<string>()
  const stack: string[] = []
  const out: string[][] = []
  let counter = 0
  const enter = (id: string) => {
    index.set(id, counter)
    low.set(id, counter++)
    stack.push(id)
    onStack.add(id)
  }
  for (const root of ids) {
    if (index.has(root)) continue
    const work: { id: string; i: number }[] = [{ id: root, i: 0 }]
    enter(root)
    while (work.length) {
      const top = work[work.length - 1]!
      const children = next(top.id)
      if (top.i < children.length) {
        const c = children[top.i++]!
        if (!index.has(c)) {
          enter(c)
          work.push({ id: c, i: 0 })
        } else if (onStack.has(c)) low.set(top.id, Math.min(low.get(top.id)!, index.get(c)!))
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.id, Math.min(low.get(parent.id)!, low.get(top.id)!))
      if (low.get(top.id) !== index.get(top.id)) continue
      const group: string[] = []
      let x: string
      do {
        x = stack.pop()!
        onStack.delete(x)
        group.push(x)
      } while (x !== top.id)
      if (group.length > 1 || next(top.id).includes(top.id)) out.push(group.reverse())
    }
  }
  return out
}
