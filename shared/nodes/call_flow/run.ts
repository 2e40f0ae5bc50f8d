import type { NodeRunner } from '../../engine/runner'
import type { CallFlowConfig } from './definition'

export const callFlowRunner: NodeRunner<CallFlowConfig> = {
  run: () => ({
    kind: 'fail',
    error: { code: 'callee_missing', message: 'This engine cannot run calls yet.' },
  }),
}
