import { studioEffects } from '../effects/service'
import type { ServiceFactory } from '../handlers/types'
import { RunService } from '../../services/runs'

/** The manual trigger's runs: the studio's real effects, with the 24-hour window and opt-out enforced on sends. */
export const manualRuns: ServiceFactory<RunService> = (ctx) =>
  new RunService(ctx.db, { effects: ctx.service(studioEffects), serviceWindow: true })
