import type { ServiceFactory } from './handlers/types'
import { webhookListener } from './webhook/service'
import { logRetention, searchIndexing } from './logs/service'
import { runExpiry } from './runs/expiry-service'
import { runWaker } from './runs/wake-service'
import { publishClient } from './publish/servers'
import { studioBroadcasts } from './broadcasts/service'

// Services started with the back end rather than on first use (e.g. a webhook listener that must be listening
// before any command arrives). One line per service; each is then also reachable through ctx.service(factory).
export const startupServices: ServiceFactory<unknown>[] = [
  webhookListener,
  logRetention,
  searchIndexing,
  runExpiry,
  runWaker,
  publishClient,
  studioBroadcasts,
]
