import type { Database, Statement } from 'better-sqlite3'
import type { BreakpointValue } from '../../../shared/api/commands/breakpoints'
import type { FlowDocument } from '../../../shared/flow/document'
import type { ServiceFactory } from '../handlers/types'

// The flow's breakpoints in the studio's database (migration 024). The debugger's run service reads the enabled ones
// through `forFlow` when a debug session attaches; the canvas reads and replaces the whole list.

interface Row {
  id: string
  kind: 'node' | 'edge'
  target_id: string
  enabled: number
  condition: string | null
}

const toBreakpoint = (r: Row): BreakpointValue => ({
  id: r.id,
  at: r.kind === 'node' ? { kind: 'node', nodeId: r.target_id } : { kind: 'edge', edgeId: r.target_id },
  enabled: r.enabled === 1,
  ...(r.condition !== null ? { condition: r.condition } : {}),
})

/** Whether the breakpoint's node or connection is in `doc`. */
export function targetExists(doc: FlowDocument, b: BreakpointValue): boolean {
  return b.at.kind === 'node'
    ? doc.nodes.some((n) => n.id === (b.at as { nodeId: string }).nodeId)
    : doc.edges.some((e) => e.id === (b.at as { edgeId: string }).edgeId)
}

export class BreakpointStore {
  private readonly sql: Record<'list' | 'clear' | 'insert', Statement>

  constructor(private readonly db: Database) {
    this.sql = {
      list: db.prepare(
        'SELECT id, kind, target_id, enabled, condition FROM breakpoints WHERE flow_id = ? ORDER BY position',
      ),
      clear: db.prepare('DELETE FROM breakpoints WHERE flow_id = ?'),
      insert: db.prepare(
        `INSERT INTO breakpoints (flow_id, id, position, kind, target_id, enabled, condition)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ),
    }
  }

  /** Every stored breakpoint of the flow, in the order set (targets not checked: see `forFlow`). */
  stored(flowId: string): BreakpointValue[] {
    return (this.sql.list.all(flowId) as Row[]).map(toBreakpoint)
  }

  /** The flow's breakpoints whose node or connection `doc` still has. */
  forFlow(doc: FlowDocument): BreakpointValue[] {
    return this.stored(doc.id).filter((b) => targetExists(doc, b))
  }

  /** Replaces the flow's list in one transaction. */
  replace(flowId: string, list: readonly BreakpointValue[]): void {
    this.db.transaction(() => {
      this.sql.clear.run(flowId)
      list.forEach((b, i) => {
        const target = b.at.kind === 'node' ? b.at.nodeId : b.at.edgeId
        this.sql.insert.run(flowId, b.id, i, b.at.kind, target, b.enabled ? 1 : 0, b.condition ?? null)
      })
    })()
  }
}

export const breakpointStore: ServiceFactory<BreakpointStore> = (ctx) => new BreakpointStore(ctx.db)
