// The studio's broadcasts (target 'studio'): i37b's engine over the studio's database (SqliteBroadcastStore,
// BroadcastRunner, BroadcastService) with the studio's host (host.ts), and the planning over the studio's contacts.
// Started with the back end, so a broadcast scheduled or running when the studio closed goes on when it opens.
import type { FlowDocument } from '../../../shared/flow/document'
import { SqliteContactDirectory } from '../../services/audience/sqlite-directory'
import type { PlanHost } from '../../services/audience/plan'
import { BroadcastRunner } from '../../services/broadcast/runner'
import { BroadcastService } from '../../services/broadcast/service'
import { SqliteBroadcastStore } from '../../services/broadcast/sqlite-broadcasts'
import { ApiFailure } from '../../services/failure'
import { HandoverStore } from '../../services/handovers'
import { flowStore } from '../../services/store/flows'
import type { HandlerContext, ServiceFactory } from '../handlers/types'
import { creditRuleOr } from '../manual/credit-rule'
import { manualRuns } from '../manual/service'
import { noticeOnce } from '../../services/settings/saved'
import { studioBroadcastHost } from './host'

/** The studio sends at the channel's default pace; a broadcast's own rate only slows it. */
export const STUDIO_SEND_RATE = 80

export interface StudioBroadcasts {
  service: BroadcastService
  runner: BroadcastRunner
  plan: PlanHost
  close(): Promise<void>
}

function savedFlow(ctx: HandlerContext, id: string): FlowDocument | null {
  try {
    return ctx.service(flowStore).get(id).document
  } catch (err) {
    if (err instanceof ApiFailure && err.code === 'not_found') return null
    throw err
  }
}

export const studioBroadcasts: ServiceFactory<StudioBroadcasts> = (ctx) => {
  const store = new SqliteBroadcastStore(ctx.db, { serverRate: STUDIO_SEND_RATE })
  const rule = () => creditRuleOr(ctx.db, (message) => noticeOnce(ctx.notices, message))
  const host = studioBroadcastHost({
    runs: ctx.service(manualRuns),
    store,
    handovers: new HandoverStore(ctx.db),
    flow: (id) => savedFlow(ctx, id),
    rule,
    now: () => ctx.now(),
    started: (flowId, contactId, runId) => ctx.emit('emulator.updated', { flowId, contactId, runId }),
  })
  // The studio has no channel tier: no daily limit of new conversations.
  const runner = new BroadcastRunner(store, host, {
    now: () => ctx.now(),
    rate: () => STUDIO_SEND_RATE,
    conversationLimit: null,
    log: (message) => ctx.log(message),
  })
  const service = new BroadcastService(
    store,
    () => ctx.now(),
    () => runner.poke(),
  )
  const plan: PlanHost = {
    directory: new SqliteContactDirectory(ctx.db),
    flow: async (id) => savedFlow(ctx, id),
    get rule() {
      return rule()
    },
    sendRate: STUDIO_SEND_RATE,
    conversationLimit: null,
    newConversationsSince: (since) => store.newConversationsSince(since),
    now: () => ctx.now(),
    noFlow: (id) => `There is no flow ${id} in the studio.`,
  }
  runner.start()
  return { service, runner, plan, close: () => runner.close() }
}
