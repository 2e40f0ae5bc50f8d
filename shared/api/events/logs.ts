import { payload } from '../define'

export const logsEvents = {
  /** Runs were deleted (purge or retention): open log views reload. flowId null means any flow. */
  'logs.changed': payload<{ flowId: string | null; deleted: number }>(),
}
