// Answer times as a fixed log-scale histogram: bucket 0 holds answers under a second, bucket k ≥ 1 those in
// [2^((k-1)/4), 2^(k/4)) seconds (four buckets per doubling, each about 19 % wide), the last one everything from
// 2^(LAST-1)/4 seconds on (about 2.8 days). Fixed, so buckets of any days and versions add up, and a median read from
// them is within half a bucket (about ±9 %) of the exact one.
export const LAST_BUCKET = 72

export function bucketOf(ms: number): number {
  if (!(ms >= 1000)) return 0
  return Math.min(LAST_BUCKET, Math.floor(Math.log2(ms / 1000) * 4) + 1)
}

/** The bucket's bounds in ms: [low, high); the last one has no upper bound (Infinity). */
export function boundsOf(bucket: number): [number, number] {
  if (bucket <= 0) return [0, 1000]
  const low = 1000 * 2 ** ((bucket - 1) / 4)
  return [low, bucket >= LAST_BUCKET ? Infinity : 1000 * 2 ** (bucket / 4)]
}

/**
 * The median of summed buckets (bucket → answers), in ms: the geometric middle of the bucket that holds the middle
 * answer (bucket 0: 500 ms; the open last bucket: its lower bound). null when there are no answers.
 */
export function medianOf(buckets: ReadonlyMap<number, number>): number | null {
  let total = 0
  for (const n of buckets.values()) total += n
  if (total === 0) return null
  const middle = total / 2
  let seen = 0
  for (const b of [...buckets.keys()].sort((x, y) => x - y)) {
    seen += buckets.get(b)!
    if (seen >= middle) {
      const [low, high] = boundsOf(b)
      if (b === 0) return 500
      return high === Infinity ? low : Math.round(Math.sqrt(low * high))
    }
  }
  return null
}
