import { Image } from 'lucide-react'
import { MediaFilePicker } from '../../integrations/MediaFilePicker'
import { onlyWhen, str, type NodeUi } from '../types'

export const mediaMessageUi: NodeUi<'media_message'> = {
  type: 'media_message',
  icon: Image,
  actions: MediaFilePicker,
  panel: {
    hidden: (c) => {
      const k = str(c, 'kind')
      // The file has its own control (MediaFilePicker); an attached file replaces the URL.
      return [
        '/file',
        ...onlyWhen(!c.file, '/url'),
        ...onlyWhen(['image', 'video', 'document'].includes(k), '/caption'),
        ...onlyWhen(k === 'document', '/filename'),
      ]
    },
    multiline: ['/caption'],
    labels: { '/kind': 'Media kind', '/url': 'Media URL' },
  },
}
