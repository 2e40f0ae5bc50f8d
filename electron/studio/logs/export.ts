import type { LogCursor, LogExport, LogFilter, LogTrace } from '../../../shared/api/commands/logs'
import type { LogSource } from '../../services/logs/source'

// JSON export of one run or a filtered list: each run whole (summary, trace, conversation, variables), so the file
// alone explains what happened. The storage cursor is left out: it means nothing outside this database.

function portable(t: LogTrace): LogExport['runs'][number] {
  const { cursor: _cursor, ...run } = t.run
  return { ...t, run }
}

export async function exportRun(q: LogSource, runId: string, now: number): Promise<LogExport | null> {
  const t = await q.run(runId)
  if (!t) return null
  return {
    format: 'chatflow-logs',
    version: 1,
    exportedAt: now,
    flowId: t.run.flowId,
    filter: null,
    truncated: false,
    runs: [portable(t)],
  }
}

export async function exportList(
  q: LogSource,
  flowId: string,
  filter: LogFilter,
  limit: number,
  now: number,
): Promise<LogExport> {
  const runs: LogExport['runs'] = []
  let after: LogCursor | undefined
  let more = true
  while (more && runs.length < limit) {
    const page = await q.list(flowId, filter, after, Math.min(200, limit - runs.length))
    for (const r of page.runs) {
      const t = await q.run(r.id)
      if (t) runs.push(portable(t))
    }
    more = page.next !== null
    after = page.next ?? undefined
  }
  const truncated = more
  return { format: 'chatflow-logs', version: 1, exportedAt: now, flowId, filter, truncated, runs }
}
