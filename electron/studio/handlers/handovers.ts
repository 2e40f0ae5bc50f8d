import { ApiFailure } from '../../services/failure'
import type { AreaHandlers } from './types'

// Takeovers in the studio. The store (electron/services/handovers) lands in the next commits; until then every
// command answers that it is not there yet rather than pretending.
export const notYet = (): never => {
  throw new ApiFailure('not_implemented', 'Takeovers are not in this build of the studio yet.')
}

export const handoversHandlers: AreaHandlers<'handovers'> = {
  'handovers.list': notYet,
  'handovers.transcript': notYet,
  'handovers.start': notYet,
  'handovers.handBack': notYet,
  'handovers.reply': notYet,
}
