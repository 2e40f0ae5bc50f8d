// A loop that drains a queue kept in the store, one chain per contact: it claims the heads of the contacts' queues
// with what follows each (the store leases them), works each chain in order while other contacts' chains run
// beside it, and claims again whenever something is poked in, the poll interval passes (another instance's
// leftovers, retries that came due), or a chain ends unless its work says nothing waits behind it and nothing was
// poked meanwhile. A chain leased some other way (the outbox's messages leased by their own step) is adopted
// without a claim. The outbox (outbox.ts) and the channel inbox (channel-inbox.ts) run on it.

/** How a queue drained by a ChainWorker retries and leases (the outbox and the channel inbox share these). */
export interface QueueOptions {
  /** Attempts in all, the first included (default 10). */
  attempts?: number
  /** Delay before the second attempt, doubling each time (default 500 ms)… */
  backoffMs?: number
  /** …up to this (default 5 minutes). */
  maxBackoffMs?: number
  /** How long a claimed chain is reserved for this worker; another takes over after it. */
  leaseMs?: number
  /** Chains worked at once (default 32)… */
  concurrency?: number
  /** …and items of one contact claimed together (default 20). */
  perContact?: number
  /** How often the queue is read without being poked: retries that came due, another instance's leftovers (1 s). */
  pollMs?: number
  /** Real time for leases and backoff; never the engine's (tests move that one a day ahead). */
  now?: () => number
}

/** The wait before attempt `attempts + 1`: the backoff doubled per attempt made, at most the ceiling. */
export function backoffDelay(opts: QueueOptions, attempts: number): number {
  return Math.min(opts.maxBackoffMs ?? 300_000, (opts.backoffMs ?? 500) * 2 ** (attempts - 1))
}

export interface ChainWorkerOptions {
  /** Chains worked at once (default 32). */
  concurrency?: number
  /** How often the queue is read without being poked (default 1 s). */
  pollMs?: number
  /** How many more chains may be claimed with `inFlight` running (default: concurrency − inFlight). */
  room?: (inFlight: number) => number
}

export class ChainWorker<I> {
  private readonly inFlight = new Set<Promise<void>>()
  private filling: Promise<number> | null = null
  private again = false
  /** Counts pokes (and claims that filled every free slot): a chain that saw it change claims again when it ends. */
  private wants = 0
  private timer: NodeJS.Timeout | null = null
  private readonly later = new Set<NodeJS.Timeout>()
  private started = false
  private stopped = false

  constructor(
    /** Leases up to `limit` chains' items, in order. */
    private readonly claim: (limit: number) => Promise<I[]>,
    /** Which chain an item belongs to (its contact). */
    private readonly keyOf: (item: I) => string,
    /**
     * Works one chain in order; resolves once every outcome is written, with false when it knows that nothing of
     * the queue waits for a claim because of it (no claim follows then, unless something was poked meanwhile).
     */
    private readonly work: (chain: I[]) => Promise<boolean | void>,
    private readonly log: (message: string) => void,
    private readonly opts: ChainWorkerOptions = {},
  ) {}

  start(): void {
    if (this.started || this.stopped) return
    this.started = true
    this.timer = setInterval(() => this.poke(), this.opts.pollMs ?? 1000)
    this.timer.unref?.()
    this.poke()
  }

  /** Something was queued (or a slot came free): read the queue now rather than at the next poll. */
  poke(): void {
    if (!this.started || this.stopped) return
    this.wants++
    if (this.filling) {
      this.again = true
      return
    }
    this.filling = this.fill()
      .catch((err: unknown) => {
        this.log(`cannot read the queue: ${err instanceof Error ? err.message : String(err)}`)
        return 0
      })
      .finally(() => {
        this.filling = null
        if (this.again) {
          this.again = false
          this.poke()
        }
      })
  }

  /** Reads the queue again in `ms` (an item given back for a retry comes due then), not only at the next poll. */
  pokeIn(ms: number): void {
    if (this.stopped) return
    const timer = setTimeout(() => {
      this.later.delete(timer)
      this.poke()
    }, ms)
    timer.unref?.()
    this.later.add(timer)
  }

  /** Chains that may start now. */
  room(): number {
    return this.opts.room ? this.opts.room(this.inFlight.size) : (this.opts.concurrency ?? 32) - this.inFlight.size
  }

  private async fill(): Promise<number> {
    const room = this.room()
    if (room <= 0) return 0
    const items = await this.claim(room)
    const chains = new Map<string, I[]>()
    for (const item of items) chains.set(this.keyOf(item), [...(chains.get(this.keyOf(item)) ?? []), item])
    // Every free slot taken: more may be ready, so the next chain to end claims again.
    if (chains.size >= room) this.wants++
    for (const chain of chains.values()) this.run(chain)
    return items.length
  }

  /** Works a chain leased to this worker without a claim (its items in order, one key). */
  adopt(chain: I[]): void {
    if (chain.length) this.run(chain)
  }

  private run(chain: I[]): void {
    const wants = this.wants
    const running: Promise<void> = this.work(chain)
      .catch((err: unknown) => {
        this.log(`a chain failed: ${err instanceof Error ? err.message : String(err)}`)
        return true
      })
      .then((more) => {
        this.inFlight.delete(running)
        if (more !== false || this.wants !== wants) this.poke()
      })
    this.inFlight.add(running)
  }

  /** Resolves once nothing is in flight and nothing is due. */
  async idle(): Promise<void> {
    for (;;) {
      while (this.filling || this.inFlight.size) {
        await this.filling
        await Promise.all([...this.inFlight])
      }
      if (!this.started || this.stopped) return
      this.poke()
      const claimed = await this.filling
      if (!claimed && !this.inFlight.size) return
    }
  }

  /** Stops claiming and waits for the chains in flight; what is left stays queued for the next start. */
  async close(): Promise<void> {
    this.stopped = true
    if (this.timer) clearInterval(this.timer)
    for (const t of this.later) clearTimeout(t)
    this.later.clear()
    await this.filling
    await Promise.all([...this.inFlight])
  }
}
