import type { Database } from 'better-sqlite3'
import type { BreakpointValue } from '../../../shared/api/commands/breakpoints'
import { conditionExpression, conditionProblem } from '../../../shared/analysis/breakpoint-condition'
import type { FlowDocument } from '../../../shared/flow/document'
import type { BreakpointSink } from '../../services/transfer/apply'
import { BreakpointStore, targetExists } from './store'

// Breakpoints across export and import (docs/flow-format.md, "Breakpoints"): an export asked to include them reads
// the store; an import moves a file's breakpoints into the store, for the flow as stored (a copy's new id), leaving
// out, with a note each, those the store would refuse from the canvas (breakpoints.set): a node or connection the
// flow does not have, a condition that does not parse, an id used twice.

/** What an export with "Include breakpoints" writes for a flow: the ones the store has whose target still exists. */
export function breakpointsForExport(db: Database): (doc: FlowDocument) => BreakpointValue[] {
  const store = new BreakpointStore(db)
  return (doc) => store.forFlow(doc)
}

/** Replaces a flow's stored breakpoints with the usable ones a file carried for it. */
export function breakpointsFromImport(db: Database): BreakpointSink {
  const store = new BreakpointStore(db)
  return (doc, carried) => {
    const notes: string[] = []
    const seen = new Set<string>()
    const kept: BreakpointValue[] = []
    for (const b of carried) {
      const where = b.at.kind === 'node' ? `node ${b.at.nodeId}` : `connection ${b.at.edgeId}`
      const condition = conditionExpression(b.condition ?? '') || undefined
      const problem = condition === undefined ? null : conditionProblem(condition)
      if (seen.has(b.id)) notes.push(`Breakpoint ${b.id} was left out: a second breakpoint with that id.`)
      else if (!targetExists(doc, b)) notes.push(`Breakpoint ${b.id} was left out: flow "${doc.name}" has no ${where}.`)
      else if (problem) notes.push(`Breakpoint ${b.id} on ${where} was left out. ${problem}`)
      else {
        const { condition: _c, ...rest } = b
        kept.push(condition === undefined ? rest : { ...rest, condition })
      }
      seen.add(b.id)
    }
    store.replace(doc.id, kept)
    return { kept: kept.length, notes }
  }
}
