import { Workflow } from 'lucide-react'
import type { NodeUi } from '../types'

// The Call Flow node's panel is generated from its config schema (shared/nodes/call_flow).
export const callFlowUi: NodeUi<'call_flow'> = {
  type: 'call_flow',
  icon: Workflow,
  panel: { labels: { '/flowId': 'Flow', '/inputs': 'Inputs' } },
}
