import { z } from 'zod'
import { readSetting, writeSetting } from '../../services/settings/saved'
import type { AreaHandlers } from './types'

export const settingsHandlers: AreaHandlers<'settings'> = {
  'settings.get': (req, ctx) => ({ value: readSetting(ctx.db, req.key, z.unknown(), 'value') ?? null }),
  'settings.set': (req, ctx) => {
    writeSetting(ctx.db, req.key, req.value, ctx.now())
    return { value: req.value }
  },
}
