import { Flag } from 'lucide-react'
import type { NodeUi } from '../types'
import { ReturnsMapping } from './ReturnsMapping'

// End's panel is generated from its config schema; `returns` maps the flow's declared outputs (a widget, since the
// output names come from the flow's interface, not from End's schema).
export const endUi: NodeUi<'end'> = {
  type: 'end',
  icon: Flag,
  panel: { labels: { '/returns': 'Returns to the caller' }, widgets: { '/returns': ReturnsMapping } },
}
