// One queue per key inside this process: calls for the same key run one after another in arrival order, calls for
// different keys run side by side. The SQLite store serialises contacts with it (one process owns the file); the
// PostgreSQL store adds an advisory lock on top so other instances wait too.
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>()

  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const before = this.tails.get(key) ?? Promise.resolve()
    const result = before.then(fn, fn)
    const tail = result.catch(() => undefined)
    this.tails.set(key, tail)
    // The map forgets a key once its last call has finished, so it does not grow with every contact ever seen.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key)
    })
    return result
  }

  /** Resolves once every call queued so far has finished. */
  async idle(): Promise<void> {
    while (this.tails.size) await Promise.all([...this.tails.values()])
  }
}
