import { Braces } from 'lucide-react'
import type { NodeUi } from '../types'

export const scriptUi: NodeUi<'script'> = {
  type: 'script',
  icon: Braces,
  panel: { multiline: ['/code'], labels: { '/inputs/*': 'Input', '/outputs/*': 'Output' } },
}
