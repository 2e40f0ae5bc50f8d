import type { Effects } from '../../../shared/engine/effects'
import type { ServiceFactory } from '../handlers/types'
import { createStudioEffects } from '../../services/effects/index'
import { modelSettings } from '../model/settings'

/**
 * The back end's one set of real effects (the script sandbox keeps its WebAssembly module across calls); the model
 * effect reads Settings → Model provider on each call.
 */
export const studioEffects: ServiceFactory<Effects> = (ctx) =>
  createStudioEffects(ctx.db, { now: ctx.now, model: ctx.service(modelSettings).effect() })
