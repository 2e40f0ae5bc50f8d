import { modelSettings } from '../model/settings'
import type { AreaHandlers } from './types'

export const modelHandlers: AreaHandlers<'model'> = {
  'model.settings.get': (_req, ctx) => ctx.service(modelSettings).view(),
  'model.settings.save': (req, ctx) => ctx.service(modelSettings).save(req),
  'model.settings.clear': (_req, ctx) => ctx.service(modelSettings).clear(),
  'model.test': (req, ctx) => ctx.service(modelSettings).test(req),
}
