import type { AreaHandlers } from './types'

export const studioHandlers: AreaHandlers<'studio'> = {
  'studio.notices': (_req, ctx) => ({ notices: ctx.notices }),
}
