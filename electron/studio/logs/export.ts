import type { LogExport, LogFilter, LogTrace } from '../../../shared/api/commands/logs'
import type { LogQueries } from './queries'

// JSON export of one run or a filtered list: each run whole (summary, trace, conversation, variables), so the file
// alone explains what happened. The storage cursor is left out: it means nothing outside this database.

function portable(t: LogTrace): LogExport['runs'][number] {
  const { cursor: _cursor, ...run } = t.run
  return { ...t, run }
}

export function exportRun(q: LogQueries, runId: string, now: number): LogExport | null {
  const t = q.run(runId)
  if (!t) return null
  return { format: 'chatflow-logs', version: 1, exportedAt: now, flowId: t.run.flowId, filter: null, truncated: false, runs: [portable(t)] }
}

export function exportList(q: LogQueries, flowId: string, filter: LogFilter, limit: number, now: number): LogExport {
  const runs: LogExport['runs'] = []
  let after: Parameters<LogQueries['list']>[2]
  let more = true
  while (more && runs.length < limit) {
    const page = q.list(flowId, filter, after, Math.min(200, limit - runs.length))
    for (const r of page.runs) runs.push(portable(q.run(r.id) as LogTrace))
    more = page.next !== null
    after = page.next ?? undefined
  }
  const truncated = more
  return { format: 'chatflow-logs', version: 1, exportedAt: now, flowId, filter, truncated, runs }
}
