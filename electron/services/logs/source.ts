// Where Flow Logs read from: this studio's database (LogQueries), a runtime's store (the same LogQueries over its
// SQLite file, or PgLogs over PostgreSQL), or a runtime reached over its publish API (remote.ts). One async shape,
// so the commands, the export and the runtime's logs API serve each the same way.
import type { LogCursor, LogFilter, LogMessage, LogRun, LogTrace } from '../../../shared/api/commands/logs'
import type { RunState, TraceEvent } from '../../../shared/engine/types'
import type { LogQueries } from './queries'
import { startsFlow } from '../../../shared/nodes/behaviour-of'

export interface LogSource {
  list(
    flowId: string,
    filter: LogFilter,
    after: LogCursor | undefined,
    limit: number,
  ): Promise<{ runs: LogRun[]; next: LogCursor | null }>
  triggerKinds(flowId: string): Promise<string[]>
  /** null for a run that does not exist. */
  run(runId: string): Promise<LogTrace | null>
  rows(ids: string[]): Promise<LogRun[]>
}

export function localSource(q: LogQueries): LogSource {
  return {
    list: async (flowId, filter, after, limit) => q.list(flowId, filter, after, limit),
    triggerKinds: async (flowId) => q.triggerKinds(flowId),
    run: async (runId) => q.run(runId),
    rows: async (ids) => q.rows(ids),
  }
}

/** One run's LogTrace from its parts, the same for every store. */
export function assembleTrace(
  run: LogRun,
  state: RunState,
  trace: TraceEvent[],
  messages: LogMessage[],
  contactAtStart?: LogTrace['contactAtStart'],
): LogTrace {
  return {
    ...(contactAtStart ? { contactAtStart } : {}),
    run,
    trace,
    messages,
    vars: state.vars,
    totalMs: trace.reduce((sum, t) => sum + t.durationMs, 0),
    path: trace.map((t) => t.nodeId),
    trigger: state.trigger,
    triggerNodeId: trace[0] && startsFlow(trace[0].nodeType) ? trace[0].nodeId : null,
  }
}
