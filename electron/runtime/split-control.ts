// The A/B split's requests on a runtime (docs/publish-api.md, "Split"): checked against what the store holds, each
// refusal with a stable code and a sentence. The publish API (split-routes.ts) answers them over HTTP.
import type { FlowSplit, SplitBody } from '../../shared/api/commands/split'
import type { PublishedVersion } from '../../shared/api/commands/publish'
import type { RuntimeStore } from './store'

export class SplitError extends Error {
  constructor(
    readonly status: 400 | 404 | 409 | 422,
    readonly code: string,
    message: string,
  ) {
    super(message)
  }
}

const list = (ns: number[]) => (ns.length > 1 ? `${ns.slice(0, -1).join(', ')} and ${ns.at(-1)}` : `${ns[0]}`)

/** Starts the split, or changes its percent (the same two versions keep every contact where it is). */
export async function setSplit(store: RuntimeStore, flowId: string, body: SplitBody, now: number): Promise<FlowSplit> {
  const known = (await store.versions(flowId)).map((v) => v.version).sort((a, b) => a - b)
  if (!known.length)
    throw new SplitError(404, 'not_found', `Flow ${flowId} is not published on this server; publish it first.`)
  const missing = body.versions.filter((v) => !known.includes(v))
  if (missing.length)
    throw new SplitError(
      422,
      'unknown_version',
      `Flow ${flowId} has no published version ${list(missing)}; its versions are ${list(known)}.`,
    )
  return store.putSplit(flowId, body.versions, body.percent, now)
}

/** Ends the split: `keep` runs from now on (a rollback to it); runs already going on finish on their versions. */
export async function endSplit(store: RuntimeStore, flowId: string, keep: number): Promise<PublishedVersion> {
  const split = await store.split(flowId)
  if (!split) throw new SplitError(409, 'no_split', `Flow ${flowId} has no split running, so there is none to end.`)
  if (!split.versions.includes(keep))
    throw new SplitError(
      422,
      'keep_not_in_split',
      `The version to keep must be one of the split's two, ${split.versions[0]} or ${split.versions[1]}; ${keep} is neither.`,
    )
  const v = await store.rollback(flowId, keep)
  if (!v) throw new SplitError(422, 'unknown_version', `Flow ${flowId} has no published version ${keep}.`)
  return v
}
