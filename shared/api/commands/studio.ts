import { z } from 'zod'
import { returns } from '../define'

// What the back end found when it started that the user must hear about, shown as a banner in every window.
export interface StudioNotice {
  /** wal_recovered: the database's write-ahead log was damaged; what was recovered and where the copy is.
   *  setting_unreadable: a saved setting could not be read and its defaults apply until it is saved again.
   *  permissions_tightened: the data folder or a file in it could be read by other users and was made private. */
  code: 'wal_recovered' | 'setting_unreadable' | 'permissions_tightened'
  message: string
}

export const studioCommands = {
  'studio.notices': { req: z.object({}).default({}), res: returns<{ notices: StudioNotice[] }>() },
}
