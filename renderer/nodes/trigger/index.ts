import { Zap } from 'lucide-react'
import { onlyWhen, str, type NodeUi } from '../types'

export const triggerUi: NodeUi<'trigger'> = {
  type: 'trigger',
  icon: Zap,
  panel: {
    hidden: (c) => [
      ...onlyWhen(str(c, 'kind') === 'keyword', '/keywords', '/matchMode'),
      ...onlyWhen(str(c, 'kind') === 'button_click', '/payloadPrefix', '/targetVariable'),
      ...onlyWhen(str(c, 'kind') === 'webhook', '/dataFields'),
    ],
    labels: {
      '/kind': 'Trigger kind',
      '/matchMode': 'Match',
      '/dataFields': 'Data fields',
      '/dataFields/*': 'Data field',
    },
  },
}
