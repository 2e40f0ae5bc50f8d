import type { NodeType } from '../../shared/flow/node-types'
import type { NodeUi } from './types'
import { chatFlowUi } from './chat_flow'
import { conditionUi } from './condition'
import { endUi } from './end'
import { httpCallUi } from './http_call'
import { interactiveMessageUi } from './interactive_message'
import { leadManagementUi } from './lead_management'
import { mediaMessageUi } from './media_message'
import { messageUi } from './message'
import { mpmUi } from './mpm'
import { questionUi } from './question'
import { routerUi } from './router'
import { scriptUi } from './script'
import { spmUi } from './spm'
import { templateMessageUi } from './template_message'
import { triggerUi } from './trigger'

// One line per node type; Record<NodeType, …> makes a missing type a compile error, registry.test.ts the rest.
export const nodeUi: Record<NodeType, NodeUi> = {
  trigger: triggerUi,
  message: messageUi,
  interactive_message: interactiveMessageUi,
  question: questionUi,
  condition: conditionUi,
  router: routerUi,
  http_call: httpCallUi,
  script: scriptUi,
  lead_management: leadManagementUi,
  template_message: templateMessageUi,
  media_message: mediaMessageUi,
  spm: spmUi,
  mpm: mpmUi,
  chat_flow: chatFlowUi,
  end: endUi,
}
