import { z } from 'zod'
import { returns } from '../define'
import type { PublishedVersion } from './publish'

// The A/B split of a production server (issue #33, docs/publish-api.md "Split"): new conversations of a flow go to
// one of two published versions, `percent` of them to versions[1], each contact keeping the version it was given
// while the split lasts. The runtime's publish API takes the same bodies (GET|PUT|DELETE /api/v1/flows/{id}/split);
// the studio's commands carry them to a saved server.

/** The highest version number a store keeps (a PostgreSQL integer). */
const VERSION_MAX = 2_147_483_647

const Version = z
  .number({ error: 'a version number' })
  .int('a whole version number')
  .min(1, 'versions start at 1')
  .max(VERSION_MAX, 'not a version number')

export interface FlowSplit {
  flowId: string
  /** The two published versions new conversations are split between. */
  versions: [number, number]
  /** The share of new conversations that go to versions[1], in whole percent, 1 to 99. */
  percent: number
  /** When the split (these two versions) began, epoch ms; a change of percent alone keeps it. */
  since: number
}

/** PUT /api/v1/flows/{id}/split: starts a split, or changes the percent of the one running. */
export const SplitBodySchema = z
  .strictObject({
    versions: z.tuple([Version, Version], { error: 'two version numbers, as [a, b]' }),
    percent: z
      .number({ error: 'a percent from 1 to 99' })
      .int('a whole percent')
      .min(1, 'at least 1 % must go to the second version (end the split to send everyone to one)')
      .max(99, 'at most 99 % can go to the second version (end the split to send everyone to one)'),
  })
  .refine((b) => b.versions[0] !== b.versions[1], {
    path: ['versions'],
    message: 'the two versions must differ',
  })
export type SplitBody = z.infer<typeof SplitBodySchema>

/** DELETE /api/v1/flows/{id}/split: ends it; every new conversation goes to `keep` (one of the split's two). */
export const SplitEndSchema = z.strictObject({ keep: Version })
export type SplitEnd = z.infer<typeof SplitEndSchema>

/** What GET answers: the running split, or null when new conversations all go to the running version. */
export interface SplitState {
  split: FlowSplit | null
}

const target = { serverId: z.string().min(1), flowId: z.string().min(1).max(200) }

export const splitCommands = {
  /** The split a saved production server runs for the flow (GET …/split). */
  'publish.split.get': { req: z.strictObject(target), res: returns<SplitState>() },
  /** Starts or changes it (PUT …/split). */
  'publish.split.set': {
    req: z
      .strictObject({ ...target, versions: SplitBodySchema.shape.versions, percent: SplitBodySchema.shape.percent })
      .refine((b) => b.versions[0] !== b.versions[1], { path: ['versions'], message: 'the two versions must differ' }),
    res: returns<FlowSplit>(),
  },
  /** Ends it (DELETE …/split): answers the version every new conversation now goes to, as a rollback does. */
  'publish.split.end': { req: z.strictObject({ ...target, keep: Version }), res: returns<PublishedVersion>() },
}
