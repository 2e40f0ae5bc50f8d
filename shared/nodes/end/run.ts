import type { NodeRunner } from '../../engine/runner'
import type { EndConfig } from './definition'

export const endRunner: NodeRunner<EndConfig> = {
  run: () => ({ kind: 'end' }),
}
