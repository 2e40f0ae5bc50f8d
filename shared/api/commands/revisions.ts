import { z } from 'zod'
import type { FlowDocument } from '../../flow/document'
import { returns } from '../define'
import { FlowIdSchema } from './flows'

// The saved history of one flow: every save is a revision. The editor lists them (newest first) and restores one
// by loading its document as a new edit, so a restore is itself undoable and saved as the next revision.

export interface RevisionSummary {
  revision: number
  /** Why it was written: 'create', 'save', 'rename', 'activate', … */
  reason: string
  /** Epoch milliseconds. */
  createdAt: number
  nodeCount: number
  /** What changed since the revision before, e.g. "Added message_2; edited question_1; moved 3 nodes". */
  summary: string
}

export const revisionsCommands = {
  /** Newest first; `before` pages back from a revision number. */
  'revisions.list': {
    req: z.object({
      flowId: FlowIdSchema,
      limit: z.number().int().min(1).max(200).default(50),
      before: z.number().int().positive().optional(),
    }),
    res: returns<RevisionSummary[]>(),
  },
  'revisions.get': {
    req: z.object({ flowId: FlowIdSchema, revision: z.number().int().positive() }),
    res: returns<{ revision: number; reason: string; createdAt: number; document: FlowDocument }>(),
  },
}
