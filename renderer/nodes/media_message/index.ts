import { onlyWhen, str, type NodeUi } from '../types'

export const mediaMessageUi: NodeUi = {
  icon: 'MD',
  panel: {
    hidden: (c) => {
      const k = str(c, 'kind')
      return [...onlyWhen(['image', 'video', 'document'].includes(k), '/caption'), ...onlyWhen(k === 'document', '/filename')]
    },
    multiline: ['/caption'],
    labels: { '/kind': 'Media kind', '/url': 'Media URL' },
  },
}
