import { cancelUntested, untestedTraffic } from '../untested/service'
import type { AreaHandlers } from './types'

// tests.untestedTraffic / tests.cancelUntested (shared/api/commands/untested.ts, docs/testing.md "Untested traffic").

export const untestedHandlers: AreaHandlers<'tests'> = {
  'tests.untestedTraffic': (req, ctx) => untestedTraffic(ctx, req),
  'tests.cancelUntested': (req, ctx) => ({ cancelled: cancelUntested(ctx, req.flowId) }),
}
