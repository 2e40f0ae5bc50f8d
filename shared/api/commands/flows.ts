import { z } from 'zod'
import { identifier } from '../../text/identifier'
import type { FlowDocument } from '../../flow/document'
import { KnownFlowDocumentSchema } from '../../nodes/schema'
import { returns } from '../define'
import type { Problem } from '../../nodes/types'

// The flows list and the editor's load/save. Names are trimmed; the document keeps at most 120 characters.
export const FlowNameSchema = identifier(
  z.string().trim().min(1, 'A flow needs a name.').max(120, 'At most 120 characters.'),
  'A flow name',
)
export const FlowIdSchema = identifier(z.string().min(1).max(200), 'A flow id')

export interface FlowSummary {
  id: string
  name: string
  active: boolean
  nodeCount: number
  revision: number
  /** Epoch milliseconds. */
  createdAt: number
  updatedAt: number
}

export interface FlowRecord extends FlowSummary {
  document: FlowDocument
}

export interface FlowCaller {
  flowId: string
  flowName: string
  /** Names of the nodes that make the calls. */
  nodes: string[]
}

export const FlowSortSchema = z.enum(['name', 'updated'])
export type FlowSort = z.infer<typeof FlowSortSchema>

export const flowsCommands = {
  /** Search matches the name, case-insensitively, anywhere. 'updated' sorts the latest change first. */
  'flows.list': {
    req: z.object({ search: z.string().max(200).optional(), sort: FlowSortSchema.default('updated') }).default({
      sort: 'updated',
    }),
    res: returns<FlowSummary[]>(),
  },
  'flows.get': { req: z.object({ id: FlowIdSchema }), res: returns<FlowRecord>() },
  /** A new flow starts inactive with one Trigger node named trigger_1. Without a name it gets "Untitled flow N". */
  'flows.create': { req: z.object({ name: FlowNameSchema.optional() }).default({}), res: returns<FlowRecord>() },
  /**
   * Replaces the whole document (validated against KnownFlowDocumentSchema) and records a revision. With
   * `expectedRevision`, a save over a newer revision fails with 'conflict' instead of losing the other change.
   */
  'flows.save': {
    req: z.object({ document: KnownFlowDocumentSchema, expectedRevision: z.number().int().positive().optional() }),
    res: returns<FlowSummary>(),
  },
  'flows.rename': { req: z.object({ id: FlowIdSchema, name: FlowNameSchema }), res: returns<FlowSummary>() },
  /** The copy gets a new id, is inactive and is named "<name> (copy)". */
  'flows.duplicate': { req: z.object({ id: FlowIdSchema }), res: returns<FlowRecord>() },
  'flows.setActive': { req: z.object({ id: FlowIdSchema, active: z.boolean() }), res: returns<FlowSummary>() },
  /** Hides the flow at once; `flows.restore` brings it back until the studio next starts, when it is purged. */
  'flows.delete': { req: z.object({ id: FlowIdSchema }), res: returns<{ id: string }>() },
  /** Warnings for keywords of this (unsaved) document that would also start another active flow. */
  'flows.keywordOverlaps': { req: z.object({ document: KnownFlowDocumentSchema }), res: returns<Problem[]>() },
  /**
   * The flows that call this one (Call Flow nodes naming it), with the calling nodes: listed before it is renamed or
   * deleted. The flow itself is left out.
   */
  'flows.callers': { req: z.object({ id: FlowIdSchema }), res: returns<FlowCaller[]>() },
  /**
   * The stored documents of every flow this document calls, directly or through others (not the document's own id):
   * the catalogue the editor checks its calls against and offers the callees' outputs from.
   */
  'flows.callees': { req: z.object({ document: KnownFlowDocumentSchema }), res: returns<FlowDocument[]>() },
  'flows.restore': { req: z.object({ id: FlowIdSchema }), res: returns<FlowSummary>() },
}
