import { Workflow } from 'lucide-react'
import type { NodeUi } from '../types'
import { FlowPicker } from './FlowPicker'
import { InputsMapping } from './InputsMapping'

// The Call Flow node's panel is generated from its config schema (shared/nodes/call_flow); its two fields take
// their values from other flows, so each has a widget: the flow picked among the studio's, its declared inputs.
export const callFlowUi: NodeUi<'call_flow'> = {
  type: 'call_flow',
  icon: Workflow,
  panel: {
    labels: { '/flowId': 'Flow', '/inputs': 'Inputs' },
    widgets: { '/flowId': FlowPicker, '/inputs': InputsMapping },
  },
}
