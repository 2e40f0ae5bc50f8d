// The generator's time budget, one object every phase asks between units of work (path analysis per branching node,
// the search for values per candidate, exploration per conversation, writing per test). A phase that finds it spent
// stops and hands back what it found so far; the suite then says what was not finished. Cancelling (the studio's
// Cancel) spends it at once. Long computations also `breathe`: they let the host's event loop run, so a Cancel and
// progress events get through while the generator works.
export type Phase = 'analysis' | 'starts' | 'targets' | 'explore' | 'write'

export interface Budget {
  /** Whether `phase` must stop now. Writing the tests found gets as long again as the rest (see `timeBudget`). */
  spent(phase: Phase): boolean
  /** Gives the event loop a turn when the computation has held it for a while; true when it did. */
  breathe(): Promise<boolean>
  /** Spent by a cancel rather than by the clock. */
  readonly cancelled: boolean
}

/** How long a computation holds the event loop before it lets other work in. */
const BREATHE_EVERY_MS = 20

/**
 * `ms` for everything up to writing, then as long again to write and replay what was found: replaying a conversation
 * costs what playing it did, so writing what exploration found within its budget fits in the same time again.
 */
export function timeBudget(ms: number, now: () => number, signal?: AbortSignal): Budget {
  const started = now()
  let breathed = started
  return {
    spent(phase) {
      if (signal?.aborted) return true
      return now() - started > (phase === 'write' ? 2 * ms : ms)
    },
    async breathe() {
      const t = now()
      if (t - breathed < BREATHE_EVERY_MS) return false
      await new Promise((resolve) => setTimeout(resolve, 0))
      breathed = now()
      return true
    },
    get cancelled() {
      return signal?.aborted ?? false
    },
  }
}

/** A budget that is never spent: for callers with no deadline (the fuzzer's index, tests of other things). */
export const UNLIMITED: Budget = { spent: () => false, breathe: async () => false, cancelled: false }
