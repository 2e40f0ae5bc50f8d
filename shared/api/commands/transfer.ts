import { z } from 'zod'
import { returns } from '../define'
import { JSON_LIMITS } from '../../json/bounds'

// Export and import of flows as a chatflow.bundle/1 file (docs/flow-format.md, "Bundle"). The file travels as text:
// the browser host has no file system of its own, and a bundle is small JSON.

export const ConflictChoiceSchema = z.enum(['replace', 'keep-both', 'skip'])
export type ConflictChoice = z.infer<typeof ConflictChoiceSchema>

export interface ImportProblem {
  file: string
  /** JSON pointer of the offending value ('' for the whole file). */
  path: string
  message: string
}

export interface ImportConflict {
  flowId: string
  name: string
  existingId: string
  existingName: string
  reason: 'id' | 'name'
  /**
   * The file carries this flow because its flows call it (the bundle's `dependencies`): met by id alone, and only
   * when it differs from the studio's. Its choices read: skip = keep mine (calls go to the studio's flow), replace =
   * take theirs, keep-both = import as a copy, with the file's calls to it pointed at the copy.
   */
  dependency: boolean
  /** Names of the file's flows that call it. */
  calledBy: string[]
}

export interface ImportOutcome {
  flowId: string
  name: string
  action: 'created' | 'replaced' | 'copied' | 'skipped'
  storedId: string | null
  /** It came as a dependency (a flow the file's flows call). */
  dependency: boolean
  /** The file carried this flow's webhook secret and the caller chose to use it (applySecrets). */
  secretApplied: boolean
  /** The file carried breakpoints for this flow (an export with "Include breakpoints"): how many were kept. */
  breakpointsKept?: number
  /** What the import left out and why, e.g. a breakpoint on a node the flow does not have. */
  notes?: string[]
}

const FileSchema = z.object({
  fileName: z.string().min(1).max(255),
  // Its size limit (JSON_LIMITS.fileBytes) is checked by the reader, which says how large it is; this only bounds
  // what can arrive at all.
  text: z.string().max(JSON_LIMITS.socketMessageBytes),
})

export const transferCommands = {
  'transfer.export': {
    req: z.object({
      /** Empty: every flow. */
      flowIds: z.array(z.string().min(1)).max(10_000).default([]),
      includeSecrets: z.boolean().default(false),
      /** Puts each flow's breakpoints in its document (`debug.breakpoints`, docs/flow-format.md "Breakpoints"). */
      includeBreakpoints: z.boolean().default(false),
    }),
    res: returns<{ text: string; fileName: string; flowCount: number; dependencyCount: number; warnings: string[] }>(),
  },
  /** Reads a file without writing: its problems (then nothing can be imported), its flows and their conflicts. */
  'transfer.inspect': {
    req: FileSchema,
    res: returns<{
      problems: ImportProblem[]
      kind: 'bundle' | 'flow' | null
      flows: { id: string; name: string }[]
      /** Flows the file carries because its flows call them (docs/flow-format.md, "Bundle"). */
      dependencies: { id: string; name: string }[]
      conflicts: ImportConflict[]
      /** Ids of the file's flows that carry a webhook secret: applied only when the import asks (applySecrets). */
      secrets: string[]
    }>(),
  },
  /** Imports all or nothing. A conflict takes its entry in `choices` (by the file's flow id), else `onConflict`. */
  'transfer.import': {
    req: FileSchema.extend({
      onConflict: ConflictChoiceSchema.default('skip'),
      choices: z.record(z.string(), ConflictChoiceSchema).default({}),
      /** Use the webhook secrets the file carries (a bundle exported with secrets). Off: this studio's secrets stay,
       *  so a file cannot silently hand its author a key to these flows. */
      applySecrets: z.boolean().default(false),
    }),
    res: returns<{ outcomes: ImportOutcome[] }>(),
  },
}
