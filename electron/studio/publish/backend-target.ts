// The publish API over the studio's own back end (its publish.* commands): what a studio serves when it is the
// publish target. It lives with the studio because the publish API itself (http.ts) is
// shared with the runtime and may not know the studio's back end.
import type { Backend } from '../backend'
import type { PublishTarget } from '../../services/publish/http'

export function backendTarget(backend: Backend): PublishTarget {
  return {
    receive: (document, library, dependencies) => backend.call('publish.receive', { document, library, dependencies }),
    versions: (flowId) => backend.call('publish.versions', { flowId }),
    rollback: (flowId, version) => backend.call('publish.rollback', { flowId, version }),
  }
}
