import { MessageSquare } from 'lucide-react'
import type { NodeUi } from '../types'

export const messageUi: NodeUi<'message'> = {
  type: 'message',
  icon: MessageSquare,
  panel: { multiline: ['/text'], labels: { '/text': 'Message text', '/previewUrl': 'Show link preview' } },
}
