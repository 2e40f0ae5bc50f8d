import type { ServiceFactory } from '../handlers/types'
import { ApiFailure } from '../../services/failure'
import { noticeOnce } from '../../services/settings/saved'
import { applyRetention, readRetention } from './housekeeping'
import { LogQueries } from '../../services/logs/queries'
import { SEARCH_INDEX_MS, SearchIndexer } from '../../services/logs/search-index'

export const logQueries: ServiceFactory<LogQueries> = (ctx) => new LogQueries(ctx.db)

const HOUR_MS = 3_600_000

/** Applies the saved retention policy at start-up and every hour after, so old runs go without anyone asking. */
export const logRetention: ServiceFactory<{ runNow(): Promise<number>; close(): void }> = (ctx) => {
  let closed = false
  const runNow = async (): Promise<number> => {
    if (closed) return 0
    const deleted = await applyRetention(ctx.db, readRetention(ctx.db), ctx.now())
    if (deleted > 0) ctx.emit('logs.changed', { flowId: null, deleted })
    return deleted
  }
  // An unreadable saved policy deletes nothing and says so in every window (and the Retention dialog shows it).
  const report = (err: unknown): void => {
    if (err instanceof ApiFailure && err.code === 'setting_unreadable') noticeOnce(ctx.notices, err.message)
    ctx.log(`log retention failed: ${err instanceof Error ? err.message : String(err)}`)
  }
  const first = setTimeout(() => void runNow().catch(report), 0)
  const timer = setInterval(() => void runNow().catch(report), HOUR_MS)
  first.unref?.()
  timer.unref?.()
  return {
    runNow,
    close() {
      closed = true
      clearTimeout(first)
      clearInterval(timer)
    },
  }
}

/** Builds the search rows of the runs written since the last round, behind the writes (migration 014). */
export const searchIndexing: ServiceFactory<{ close(): void }> = (ctx) => {
  const stop = new SearchIndexer(ctx.db).every(SEARCH_INDEX_MS, (err) =>
    ctx.log(`indexing runs for search failed: ${err instanceof Error ? err.message : String(err)}`),
  )
  return { close: stop }
}
