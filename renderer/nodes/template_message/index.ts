import { LayoutTemplate } from 'lucide-react'
import { onlyWhen, str, sub, type NodeUi } from '../types'
import { TemplateLanguages } from './TemplateLanguages'

export const templateMessageUi: NodeUi<'template_message'> = {
  type: 'template_message',
  icon: LayoutTemplate,
  panel: {
    hidden: (c) => {
      const h = str(sub(c, 'header'), 'type')
      return [
        ...onlyWhen(h === 'text', '/header/param'),
        ...onlyWhen(['image', 'video', 'document'].includes(h), '/header/mediaUrl'),
      ]
    },
    labels: {
      '/header/type': 'Header type',
      '/header/param': 'Header {{1}}',
      '/bodyParams': 'Body parameters',
      '/bodyParams/*': 'Body parameter',
      '/buttonUrlParam': 'Button URL {{1}}',
      '/quickReplies/*': 'Quick reply',
      '/languages': 'Template language per flow language',
    },
    // A map by flow language, whose keys come from the flow's settings, not from the schema.
    widgets: { '/languages': TemplateLanguages },
  },
}
