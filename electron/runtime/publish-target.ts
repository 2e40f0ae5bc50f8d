// The publish API (docs/publish-api.md) over a RuntimeStore: the same checks as the studio's back end
// (checkPublishable), then the store's one-transaction publish.
import { fail, ok, type Result } from '../../shared/api'
import { ApiFailure } from '../services/failure'
import type { PublishTarget } from '../services/publish/http'
import { checkLibrary } from '../services/publish/library'
import { checkPublishBundle } from '../services/publish/callees'
import type { RuntimeStore } from './store'

const FLOW_ID = /^[^\s/]{1,200}$/

async function guard<T>(work: () => Promise<T>): Promise<Result<T>> {
  try {
    return ok(await work())
  } catch (err) {
    if (err instanceof ApiFailure) return fail(err.code, err.message, err.issues)
    throw err
  }
}

export function storePublishTarget(store: RuntimeStore, extend?: PublishTarget['extend']): PublishTarget {
  return {
    receive: (document, library, dependencies) =>
      guard(() => {
        const checked = checkPublishBundle(document, dependencies)
        return store.publish(checked.root, checkLibrary(library), checked.dependencies)
      }),
    versions: (flowId) => guard(() => store.versions(flowId)),
    rollback: (flowId, version) =>
      guard(async () => {
        const v = await store.rollback(flowId, version)
        if (!v) throw new ApiFailure('not_found', `Flow ${flowId} has no published version ${version}.`)
        return v
      }),
    webhookSecret: (flowId, rotate) =>
      guard(async () => {
        if (!FLOW_ID.test(flowId))
          throw new ApiFailure('bad_request', 'A flow id is 1 to 200 characters without spaces or slashes.')
        const secret = await store.ensureSecret(flowId, rotate)
        if (secret === null)
          throw new ApiFailure(
            'conflict',
            `Flow ${flowId} already has a webhook secret. It is kept hashed and cannot be shown again; send ` +
              '{"rotate": true} to replace it (the old one is refused from then on).',
          )
        return { flowId, secret }
      }),
    logs: store.logs,
    traffic: store.traffic,
    extend,
  }
}
