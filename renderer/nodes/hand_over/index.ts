import { Headset } from 'lucide-react'
import type { NodeUi } from '../types'

// Hand over's panel is generated from its config schema (shared/nodes/hand_over); this names its fields in words.
export const handOverUi: NodeUi<'hand_over'> = {
  type: 'hand_over',
  icon: Headset,
  panel: {
    labels: {
      '/message': 'Message before the handover',
      '/note': 'Note for the person',
      '/returnAfter': 'Back to the bot after',
      '/notify': 'Notify the team',
      '/handsBack': 'Variables the person sets',
    },
  },
}
