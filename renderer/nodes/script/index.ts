import type { NodeUi } from '../types'

export const scriptUi: NodeUi = {
  icon: 'JS',
  panel: { multiline: ['/code'], labels: { '/inputs/*': 'Input', '/outputs/*': 'Output' } },
}
