// A token bucket on an injected clock: `rate` tokens a second, holding at most `burst` (so an idle spell lets at most
// `burst` go at once, and over any long stretch the pace is the rate). The broadcast runner paces its starts with it
// and the runtime's send pacer (electron/runtime/send-pacer.ts) every outbound send.
export class TokenBucket {
  private tokens: number
  private at: number

  constructor(
    private rate: number,
    private readonly now: () => number,
    private readonly burstSeconds = 0.1,
  ) {
    this.tokens = this.burst()
    this.at = now()
  }

  private burst(): number {
    return Math.max(1, this.rate * this.burstSeconds)
  }

  private refill(): void {
    const now = this.now()
    if (now > this.at) this.tokens = Math.min(this.burst(), this.tokens + ((now - this.at) * this.rate) / 1000)
    this.at = Math.max(this.at, now)
  }

  /** Whole tokens there now. */
  available(): number {
    this.refill()
    return Math.floor(this.tokens)
  }

  take(n: number): void {
    this.refill()
    this.tokens -= n
  }

  /** Milliseconds until `n` tokens are there (0: now). */
  waitMs(n = 1): number {
    this.refill()
    return this.tokens >= n ? 0 : Math.ceil(((n - this.tokens) * 1000) / this.rate)
  }

  setRate(rate: number): void {
    this.refill()
    this.rate = rate
    this.tokens = Math.min(this.tokens, this.burst())
  }

  get ratePerSecond(): number {
    return this.rate
  }
}
