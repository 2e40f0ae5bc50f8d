import type { Effects } from '../../../shared/engine/effects'
import type { ServiceFactory } from '../handlers/types'
import { createStudioEffects } from '../../services/effects/index'

/** The back end's one set of real effects (the script sandbox keeps its WebAssembly module across calls). */
export const studioEffects: ServiceFactory<Effects> = (ctx) => createStudioEffects(ctx.db, { now: ctx.now })
