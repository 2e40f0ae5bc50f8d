import type { NodeUi } from '../types'

export const messageUi: NodeUi<'message'> = {
  type: 'message',
  icon: 'MS',
  panel: { multiline: ['/text'], labels: { '/text': 'Message text', '/previewUrl': 'Show link preview' } },
}
