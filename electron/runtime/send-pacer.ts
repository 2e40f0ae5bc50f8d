// The send pacer (docs/runtime.md, "Broadcasts"): every outbound send of the outbox waits here for a token of the
// phone number's rate (`--send-rate`, default 80 a second), whatever run produced it. When the channel answers
// 130429 (too many messages for the number) the rate halves and sending pauses for a back-off (the Retry-After
// when the channel sent one, else 1 s doubling with each throttle in a row, at most a minute), then the rate climbs
// back by a tenth of the configured rate per second without another throttle. The broadcast runner reads the
// current rate, so new recipients start at the pace messages can leave. Clock and timers are injected (fake in tests).
// Several instances on one PostgreSQL database share the number's bucket (SharedPace, pg-send-pace.ts): each takes
// its tokens from the database a few at a time, so together they send at the number's rate, not each at it.
import { TokenBucket } from '../services/broadcast/token-bucket'
import { DeliveryError, type ChannelAdapter } from './adapters/adapter'

export const DEFAULT_SEND_RATE = 80
const MAX_BACKOFF_MS = 60_000

export interface PacerClock {
  now(): number
  setTimeout(fn: () => void, ms: number): unknown
}

const realClock: PacerClock = {
  now: Date.now,
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms)
    t.unref?.()
    return t
  },
}

/** The number's token bucket kept where every instance sends from (PostgreSQL: pg-send-pace.ts). */
export interface SharedPace {
  /**
   * Takes up to `want` tokens of the bucket, refilled to `now` at `rate` a second and holding at most `burst`:
   * answers how many it got (0 to `want`).
   */
  take(want: number, rate: number, burst: number, now: number): Promise<number>
}

/** A take from a shared bucket asks for at most this much sending (a fraction of a second), so instances interleave. */
const SHARED_SLICE_S = 0.05
/** After a take that got less than it asked, the next waits at least this long: a database call per token is waste. */
const SHARED_MIN_WAIT_MS = 10

export class SendPacer {
  private readonly bucket: TokenBucket
  private readonly waiters: Array<() => void> = []
  private timer = false
  /** Sending paused until then after a throttle (epoch ms). */
  private pausedUntil = 0
  /** The rate right after the last throttle, and when climbing from it began; null: at the configured rate. */
  private throttle: { rate: number; from: number } | null = null
  private inARow = 0
  /** Tokens taken from the shared bucket and not used yet, and when they were taken. */
  private stock = 0
  private stockAt = 0
  /** Throttles met (for /metrics and logs). */
  throttles = 0

  constructor(
    readonly configured: number,
    private readonly clock: PacerClock = realClock,
    private readonly log: (message: string) => void = () => undefined,
    /** The number's bucket shared with other instances; absent: this instance's own. */
    private readonly shared?: SharedPace,
  ) {
    this.bucket = new TokenBucket(configured, () => clock.now())
  }

  /** The rate sends go at now (messages per second): the configured one, or less while climbing back. */
  rate(): number {
    if (!this.throttle) return this.configured
    const now = this.clock.now()
    const climbed =
      this.throttle.rate + (Math.max(0, now - this.throttle.from) / 1000) * Math.max(1, this.configured / 10)
    if (climbed >= this.configured) {
      this.throttle = null
      this.inARow = 0
      return this.configured
    }
    return climbed
  }

  /** Whether sending is paused for a back-off now. */
  paused(): boolean {
    return this.clock.now() < this.pausedUntil
  }

  /** Sends waiting for a token. */
  waiting(): number {
    return this.waiters.length
  }

  /** Resolves when this send may go (first come, first served). */
  acquire(): Promise<void> {
    return new Promise((resolve) => {
      this.waiters.push(resolve)
      this.pump()
    })
  }

  private pump(): void {
    if (this.timer) return
    if (this.shared) return this.pumpShared()
    const now = this.clock.now()
    const rate = this.rate()
    if (rate !== this.bucket.ratePerSecond) this.bucket.setRate(rate)
    while (this.waiters.length && now >= this.pausedUntil && this.bucket.available() >= 1) {
      this.bucket.take(1)
      this.waiters.shift()!()
    }
    if (!this.waiters.length) return
    const wait = Math.max(this.pausedUntil - now, this.bucket.waitMs(1), 1)
    this.timer = true
    this.clock.setTimeout(() => {
      this.timer = false
      this.pump()
    }, wait)
  }

  /**
   * Tokens from the shared bucket, one take in flight at a time, a slice of a second's worth (SHARED_SLICE_S) each: a
   * send takes one from this instance's stock of them, kept at most a slice (unused then, they are dropped, so a stock
   * never adds to a burst later); without the stock a take per send at a low pace was a statement per message.
   * A take that got fewer than it asked waits for the rest to come (at least SHARED_MIN_WAIT_MS) before the next; a
   * failed one (the database away) is tried again in a second, the sends waiting meanwhile.
   */
  private pumpShared(): void {
    const now = this.clock.now()
    if (!this.waiters.length) return
    if (now < this.pausedUntil) return this.later(this.pausedUntil - now)
    if (now - this.stockAt > SHARED_SLICE_S * 1000) this.stock = 0
    while (this.stock > 0 && this.waiters.length) {
      this.stock--
      this.waiters.shift()!()
    }
    if (!this.waiters.length) return
    const rate = this.rate()
    const want = Math.max(1, Math.ceil(rate * SHARED_SLICE_S))
    this.timer = true
    this.shared!.take(want, rate, Math.max(1, rate * 0.1), now).then(
      (granted) => {
        this.timer = false
        this.stock = granted
        this.stockAt = this.clock.now()
        // The bucket had all it was asked: more may go at once. Short of it: what came goes, the rest waits for more.
        if (granted >= want) return this.pump()
        while (this.stock > 0 && this.waiters.length) {
          this.stock--
          this.waiters.shift()!()
        }
        // Give or take a quarter, so two instances that came up short together do not ask together again and again
        // (the one whose statement lands first would take every slice).
        const wait = Math.max(SHARED_MIN_WAIT_MS, Math.ceil(((want - granted) * 1000) / rate))
        if (this.waiters.length) this.later(Math.ceil(wait * (0.75 + Math.random() / 2)))
      },
      (err: unknown) => {
        this.timer = false
        this.log(`the send pace could not be read (${err instanceof Error ? err.message : String(err)}): sends wait`)
        this.later(1000)
      },
    )
  }

  private later(ms: number): void {
    this.timer = true
    this.clock.setTimeout(() => {
      this.timer = false
      this.pump()
    }, ms)
  }

  /** The channel said 130429: halve the rate and pause for the back-off. */
  throttled(retryAfterMs?: number): void {
    const now = this.clock.now()
    // Throttles answered for sends that left before the pause are one event, not one each.
    if (now < this.pausedUntil) return
    this.throttles++
    this.inARow++
    const rate = Math.max(1, this.rate() / 2)
    const backoff = Math.min(MAX_BACKOFF_MS, Math.max(retryAfterMs ?? 0, 1000 * 2 ** (this.inARow - 1)))
    this.pausedUntil = now + backoff
    this.throttle = { rate, from: this.pausedUntil }
    this.bucket.setRate(rate)
    this.log(
      `the channel throttled sending (130429): ${Math.round(rate * 10) / 10} messages/s after a pause of ${backoff} ms, climbing back to ${this.configured}/s`,
    )
  }
}

/** The adapter every outbound send goes through: waits for the pacer, and tells it of the channel's throttling. */
export function pacedAdapter(inner: ChannelAdapter, pacer: SendPacer): ChannelAdapter {
  return {
    name: inner.name,
    health: inner.health?.bind(inner),
    close: inner.close?.bind(inner),
    async send(envelope) {
      await pacer.acquire()
      try {
        return await inner.send(envelope)
      } catch (err) {
        if (err instanceof DeliveryError && err.throttle) pacer.throttled(err.retryAfterMs)
        throw err
      }
    },
  }
}
