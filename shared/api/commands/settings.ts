import { z } from 'zod'
import { returns } from '../define'

// Small studio-wide preferences (JSON values), e.g. the flows list's sort order. Not for secrets.
const SettingKeySchema = z
  .string()
  .regex(/^[a-z][a-zA-Z0-9_.-]{0,99}$/, 'Keys are lower-camel or dotted words, e.g. "flows.sort".')

export const settingsCommands = {
  'settings.get': { req: z.object({ key: SettingKeySchema }), res: returns<{ value: unknown }>() },
  'settings.set': {
    req: z.object({ key: SettingKeySchema, value: z.json() }),
    res: returns<{ value: unknown }>(),
  },
}
