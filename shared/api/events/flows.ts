import { payload } from '../define'

export type FlowsChangeKind = 'created' | 'saved' | 'renamed' | 'duplicated' | 'activated' | 'deleted' | 'restored'

export const flowsEvents = {
  /** Any change to a flow, from any window or host: lists refresh, an open editor checks its revision. */
  'flows.changed': payload<{ id: string; kind: FlowsChangeKind; revision?: number }>(),
}
