import { ApiFailure } from '../../services/failure'
import type { AreaHandlers } from './types'

// tests.untestedTraffic / tests.cancelUntested (shared/api/commands/untested.ts, docs/testing.md "Untested traffic").

export const untestedHandlers: AreaHandlers<'tests'> = {
  'tests.untestedTraffic': () => {
    throw new ApiFailure('not_ready', 'Untested traffic is not built yet.')
  },
  'tests.cancelUntested': () => ({ cancelled: false }),
}
