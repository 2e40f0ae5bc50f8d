import { z } from 'zod'
import type { FlowDocument } from '../../flow/document'
import { identifier } from '../../text/identifier'
import { returns } from '../define'
import { FlowIdSchema } from './flows'

// The saved history of one flow: every save is a revision. The editor lists them (newest first) and restores one
// by loading its document as a new edit, so a restore is itself undoable and saved as the next revision.
// A revision may be named ("holiday hours") and described: named revisions are kept when old ones are pruned, and
// publishing names the revision it publishes (docs/storage.md, "Revisions").

/** A server this studio published a revision to, and the version number the server gave it. */
export interface PublishedAs {
  serverId: string
  serverName: string
  version: number
}

export interface RevisionSummary {
  revision: number
  /** Why it was written: 'create', 'save', 'rename', 'activate', … */
  reason: string
  /** Epoch milliseconds. */
  createdAt: number
  nodeCount: number
  /** What changed since the revision before, e.g. "Added message_2; edited question_1; moved 3 nodes". */
  summary: string
  /** Its name, when it has one (≤ 80 characters), and a description (≤ 1,000). */
  label: string | null
  description: string | null
  /** The servers it was published to from this studio. */
  published: PublishedAs[]
}

/** What a server runs of a flow, as far as this studio knows: the version it last published or rolled back to. */
export interface ServerVersion {
  flowId: string
  serverId: string
  serverName: string
  version: number
  /** The revision of the flow it was published from, and that revision's name. */
  revision: number
  label: string | null
  publishedAt: number
  /** The flow's current revision (the draft); equal to `revision` when the draft is what the server runs. */
  draftRevision: number
}

export const LABEL_MAX = 80
export const DESCRIPTION_MAX = 1000

export const RevisionLabelSchema = identifier(
  z.string().trim().min(1, 'A version name cannot be empty.').max(LABEL_MAX),
  'A version name',
)

export const revisionsCommands = {
  /** Newest first; `before` pages back from a revision number; `named` lists named revisions only. */
  'revisions.list': {
    req: z.object({
      flowId: FlowIdSchema,
      limit: z.number().int().min(1).max(200).default(50),
      before: z.number().int().positive().optional(),
      named: z.boolean().default(false),
    }),
    res: returns<RevisionSummary[]>(),
  },
  'revisions.get': {
    req: z.object({ flowId: FlowIdSchema, revision: z.number().int().positive() }),
    res: returns<{
      revision: number
      reason: string
      createdAt: number
      label: string | null
      description: string | null
      document: FlowDocument
    }>(),
  },
  /** Names a revision (label null takes the name and description away: it may then be pruned like any other). */
  'revisions.name': {
    req: z.object({
      flowId: FlowIdSchema,
      revision: z.number().int().positive(),
      label: RevisionLabelSchema.nullable(),
      description: z.string().trim().max(DESCRIPTION_MAX).nullable().default(null),
    }),
    res: returns<RevisionSummary>(),
  },
  /** Per flow (one, or all) and server: the version the server runs as this studio last left it, beside the draft. */
  'revisions.published': {
    req: z.object({ flowId: FlowIdSchema.optional() }),
    res: returns<ServerVersion[]>(),
  },
}
