// The script pool's waiting line, fair between keys (the contact a run belongs to). The next script goes to the key
// with the fewest scripts running, then the one served longest ago (a key never served first), each key's scripts
// in the order they came. One contact's backlog (40 endless loops) therefore holds another contact's script only
// until the next worker frees: at most one script's time limit. Before, one first-come line made the other
// contact wait behind all 40.
export class FairQueue<T> {
  /** Scripts waiting, by key, keys in the order they began waiting (the tie-break). */
  private readonly byKey = new Map<string, T[]>()
  /** When each key was last served (a count of turns), kept after its line empties so it cannot jump back ahead. */
  private readonly servedAt = new Map<string, number>()
  private turn = 0
  size = 0

  push(key: string, item: T): void {
    const list = this.byKey.get(key)
    if (list) list.push(item)
    else this.byKey.set(key, [item])
    this.size++
  }

  /** The oldest item of the key whose turn it is; `running` counts a key's scripts at work. */
  shift(running: (key: string) => number = () => 0): T | undefined {
    let best: [key: string, list: T[]] | null = null
    let bestRunning = Infinity
    let bestServed = Infinity
    for (const [key, list] of this.byKey) {
      const r = running(key)
      const s = this.servedAt.get(key) ?? -1
      if (r < bestRunning || (r === bestRunning && s < bestServed)) {
        best = [key, list]
        bestRunning = r
        bestServed = s
      }
    }
    if (!best) return undefined
    const [key, list] = best
    const item = list.shift()!
    if (!list.length) this.byKey.delete(key)
    this.size--
    this.servedAt.set(key, ++this.turn)
    this.forget()
    return item
  }

  /** Takes an item out (one that waited too long); false when it is not in the line. */
  remove(key: string, item: T): boolean {
    const list = this.byKey.get(key)
    const at = list?.indexOf(item) ?? -1
    if (!list || at < 0) return false
    list.splice(at, 1)
    if (!list.length) this.byKey.delete(key)
    this.size--
    return true
  }

  /** Everything waiting, emptied (the pool closing). */
  drain(): T[] {
    const all = [...this.byKey.values()].flat()
    this.byKey.clear()
    this.size = 0
    return all
  }

  /**
   * A server meets many contacts: past this many remembered, keys with nothing waiting are forgotten (served long
   * ago, they would go first anyway).
   */
  private forget(): void {
    if (this.servedAt.size <= REMEMBERED) return
    for (const key of this.servedAt.keys()) if (!this.byKey.has(key)) this.servedAt.delete(key)
  }
}

const REMEMBERED = 1024
