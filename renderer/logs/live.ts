import type { LogCursor, LogRun } from '../../shared/api/commands/logs'

// Live updates of a list the user has scrolled into: rows on screen change in place (same order, same count, so
// nothing under the pointer moves), and runs newer than the top row are only counted, for the "N new runs" pill,
// until the user goes back to the top. At the top, the fresh first page is merged in as before (model.mergeHead).

const newer = (a: LogCursor, b: LogCursor): boolean =>
  a.startedAt > b.startedAt || (a.startedAt === b.startedAt && a.seq > b.seq)

/** The loaded rows with fresh copies put in their places; the same array when nothing changed. */
export function updateInPlace(runs: LogRun[], fresh: LogRun[]): LogRun[] {
  if (!fresh.length) return runs
  const byId = new Map(fresh.map((r) => [r.id, r]))
  let changed = false
  const out = runs.map((r) => {
    const f = byId.get(r.id)
    if (!f || (f.updatedAt === r.updatedAt && f.status === r.status)) return r
    changed = true
    return f
  })
  return changed ? out : runs
}

/** Runs of a fresh first page that are newer than the top loaded row; `more` when there may be more than those. */
export function newerRuns(
  loaded: LogRun[],
  head: { runs: LogRun[]; next: LogCursor | null },
): { count: number; more: boolean } {
  const top = loaded[0]
  if (!top) return { count: head.runs.length, more: head.next !== null }
  const count = head.runs.filter((r) => newer(r.cursor, top.cursor)).length
  return { count, more: count === head.runs.length && head.next !== null }
}

/** Of the runs an event named, those in the loaded list and not already in `known` (the fresh page): to re-read. */
export function loadedToRefresh(loaded: LogRun[], ids: Iterable<string>, known: LogRun[]): string[] {
  const have = new Set(loaded.map((r) => r.id))
  const skip = new Set(known.map((r) => r.id))
  return [...new Set(ids)].filter((id) => have.has(id) && !skip.has(id))
}

export function pillText(n: { count: number; more: boolean }): string | null {
  if (n.count === 0) return null
  return `${n.count}${n.more ? '+' : ''} new run${n.count === 1 && !n.more ? '' : 's'}`
}
