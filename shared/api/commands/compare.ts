import { z } from 'zod'
import type { FlowDocument } from '../../flow/document'
import type { FlowComparison } from '../../diff'
import { returns } from '../define'
import { FlowIdSchema } from './flows'

// Comparing two versions of a flow (docs/canvas.md, "Comparing revisions"): the flow's saved conversation tests
// played on both sides, on demand. The document diff itself is computed in the renderer (shared/diff).

/** A side by reference: a kept revision, the flow as stored now (the draft, saved first), or a document (a file,
 *  what a server runs), loaded and migrated like any imported flow. */
export const CompareSideSchema = z.union([
  z.strictObject({ revision: z.number().int().positive() }),
  z.strictObject({ stored: z.literal(true) }),
  z.strictObject({ document: z.unknown() }),
])
export type CompareSide = z.infer<typeof CompareSideSchema>

export interface TestVerdict {
  passed: boolean
  failures: Array<{ where: string; lines: string[] }>
}

export interface TestOnSides {
  id: string
  name: string
  before: TestVerdict
  after: TestVerdict
}

/** A branch (an output of a node) the tests took on the older side and do not take on the newer one. */
export interface LostBranch {
  nodeId: string
  nodeName: string
  port: string
  portLabel: string
  /** The node or its output is not in the newer flow at all (rather than no longer reached by the tests). */
  gone: boolean
}

export interface TestsCompared {
  tests: TestOnSides[]
  /** Tests whose verdict differs between the sides, first in `tests`. */
  differ: number
  lost: LostBranch[]
  covered: { before: number; after: number; totalBefore: number; totalAfter: number }
}

export interface KeptRevision {
  revision: number
  label: string | null
  document: FlowDocument
}

export const compareCommands = {
  /**
   * Plays every saved test of the flow on both sides without writing runs (the Flow Logs and the flow's coverage
   * stay as they were); progress comes as `compare.testsProgress`, `compare.cancelTests` stops it (`cancelled`).
   */
  'compare.runTests': {
    req: z.object({ flowId: FlowIdSchema, before: CompareSideSchema, after: CompareSideSchema }),
    res: returns<TestsCompared>(),
  },
  'compare.cancelTests': { req: z.object({ flowId: FlowIdSchema }), res: returns<{ cancelled: boolean }>() },
  /**
   * A kept revision compared with another (`to`) or with the flow as stored now (the draft), computed here so a
   * comparison opened by its address (#/flows/<id>?compare=3) is drawn at once: the renderer only draws it.
   */
  'compare.revisions': {
    req: z.object({
      flowId: FlowIdSchema,
      revision: z.number().int().positive(),
      to: z.number().int().positive().optional(),
    }),
    res: returns<{
      before: KeptRevision
      /** The later revision; null when compared with the stored flow, which is `draftRevision`. */
      after: KeptRevision | null
      draftRevision: number
      comparison: FlowComparison
    }>(),
  },
  /** The version a publish server runs of the flow, as this studio sent it (`unavailable` when another studio did). */
  'compare.serverSide': {
    req: z.object({ serverId: z.string().min(1), flowId: FlowIdSchema }),
    res: returns<{ version: number; serverName: string; document: FlowDocument }>(),
  },
}
