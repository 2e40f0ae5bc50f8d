import type { NodeUi } from '../types'

export const scriptUi: NodeUi<'script'> = {
  type: 'script',
  icon: 'JS',
  panel: { multiline: ['/code'], labels: { '/inputs/*': 'Input', '/outputs/*': 'Output' } },
}
