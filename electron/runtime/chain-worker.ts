// A loop that drains a queue kept in the store, one chain per contact: it claims the heads of the contacts' queues
// with what follows each (the store leases them), works each chain in order while other contacts' chains run
// beside it, and claims again whenever a chain ends, something is poked in, or the poll interval passes (another
// instance's leftovers, retries that came due). The outbox (outbox.ts) and the channel inbox (channel-inbox.ts) run
// on it.

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
  private timer: NodeJS.Timeout | null = null
  private readonly later = new Set<NodeJS.Timeout>()
  private started = false
  private stopped = false

  constructor(
    /** Leases up to `limit` chains' items, in order. */
    private readonly claim: (limit: number) => Promise<I[]>,
    /** Which chain an item belongs to (its contact). */
    private readonly keyOf: (item: I) => string,
    /** Works one chain in order; resolves once every outcome is written. */
    private readonly work: (chain: I[]) => Promise<void>,
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

  private async fill(): Promise<number> {
    const room = this.opts.room
      ? this.opts.room(this.inFlight.size)
      : (this.opts.concurrency ?? 32) - this.inFlight.size
    if (room <= 0) return 0
    const items = await this.claim(room)
    const chains = new Map<string, I[]>()
    for (const item of items) chains.set(this.keyOf(item), [...(chains.get(this.keyOf(item)) ?? []), item])
    for (const chain of chains.values()) {
      const running: Promise<void> = this.work(chain)
        .catch((err: unknown) => this.log(`a chain failed: ${err instanceof Error ? err.message : String(err)}`))
        .finally(() => {
          this.inFlight.delete(running)
          this.poke()
        })
      this.inFlight.add(running)
    }
    return items.length
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
