import { MousePointerClick } from 'lucide-react'
import { onlyWhen, str, sub, type NodeUi } from '../types'

export const interactiveMessageUi: NodeUi<'interactive_message'> = {
  type: 'interactive_message',
  icon: MousePointerClick,
  panel: {
    hidden: (c) => {
      const header = str(sub(c, 'header'), 'type')
      return [
        ...onlyWhen(str(c, 'mode') === 'buttons', '/buttons'),
        ...onlyWhen(str(c, 'mode') === 'list', '/list'),
        ...onlyWhen(header === 'text', '/header/text'),
        ...onlyWhen(['image', 'video', 'document'].includes(header), '/header/mediaUrl'),
      ]
    },
    multiline: ['/body'],
    labels: { '/header/type': 'Header type', '/header/text': 'Header text', '/list/sections/*/rows': 'Rows' },
  },
}
