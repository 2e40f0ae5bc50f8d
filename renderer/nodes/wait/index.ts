import { Hourglass } from 'lucide-react'
import { onlyWhen, str, sub, type NodeUi } from '../types'

// The Wait node's panel is generated from its config schema (shared/nodes/wait); this only hides the fields the
// chosen mode does not read and names them in words.
export const waitUi: NodeUi<'wait'> = {
  type: 'wait',
  icon: Hourglass,
  panel: {
    hidden: (c) => {
      const mode = str(c, 'mode')
      const open = sub(c, 'openHours').enabled === true
      return [
        ...onlyWhen(mode === 'duration', '/duration'),
        ...onlyWhen(mode === 'time_of_day', '/time', '/days'),
        ...onlyWhen(mode === 'until', '/until'),
        ...onlyWhen(open, '/openHours/from', '/openHours/to', '/openHours/days'),
      ]
    },
    labels: {
      '/mode': 'Wait',
      '/duration': 'For',
      '/time': 'Until the time',
      '/days': 'Days from today',
      '/until': 'Until',
      '/timeZone': 'Time zone',
      '/openHours/enabled': 'Only within business hours',
      '/openHours/from': 'Opens at',
      '/openHours/to': 'Closes at',
      '/openHours/days': 'Open days',
    },
  },
}
