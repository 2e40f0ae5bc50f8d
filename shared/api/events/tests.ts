import { payload } from '../define'
import type { UntestedProgress } from '../commands/untested'

export const testsEvents = {
  /** `tests.untestedTraffic` at work: the flow's saved tests played so far, of all of them. */
  'tests.untestedProgress': payload<UntestedProgress>(),
}
