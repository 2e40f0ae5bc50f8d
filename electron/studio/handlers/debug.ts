import { ApiFailure } from '../../services/failure'
import type { AreaHandlers } from './types'

// The debugger's commands (shared/api/commands/debug.ts). Contract first: every command answers `not_paused` until
// the emulator's debug service lands (electron/studio/emulator/debug*.ts).
const notPaused = (): never => {
  throw new ApiFailure('not_paused', 'The run is not paused in the debugger.')
}

export const debugHandlers: AreaHandlers<'debug'> = {
  'debug.attach': notPaused,
  'debug.continue': notPaused,
  'debug.step': notPaused,
  'debug.stepOver': notPaused,
  'debug.stop': notPaused,
  'debug.setVariable': notPaused,
  'debug.setNodeOutput': notPaused,
  'debug.runFrom': notPaused,
  'debug.watches': notPaused,
  'debug.test': notPaused,
}
