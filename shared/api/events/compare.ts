import { payload } from '../define'

export const compareEvents = {
  /** `compare.runTests` at work: runs played of `total` (each test once per side). */
  'compare.testsProgress': payload<{ flowId: string; done: number; total: number }>(),
}
