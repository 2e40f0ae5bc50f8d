/** Per-flow token bucket: `ratePerSecond` requests sustained, up to `burst` at once. */
export interface RateSettings {
  ratePerSecond: number
  burst: number
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number }

export class RateLimiter {
  private readonly buckets = new Map<string, { tokens: number; at: number }>()

  constructor(
    private settings: RateSettings,
    private readonly now: () => number = Date.now,
  ) {}

  configure(settings: RateSettings): void {
    this.settings = settings
    this.buckets.clear()
  }

  take(key: string): RateDecision {
    const { ratePerSecond, burst } = this.settings
    const now = this.now()
    const bucket = this.buckets.get(key) ?? { tokens: burst, at: now }
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond)
    bucket.at = now
    this.buckets.set(key, bucket)
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1
      return { ok: true }
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)) }
  }
}
