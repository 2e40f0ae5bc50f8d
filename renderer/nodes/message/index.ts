import type { NodeUi } from '../types'

export const messageUi: NodeUi = {
  icon: '💬',
  panel: { multiline: ['/text'], labels: { '/text': 'Message text', '/previewUrl': 'Show link preview' } },
}
