// Every node type, one line each: this array is the only list of node types. NODE_TYPES and NAME_PREFIX
// (shared/nodes/node-types.ts), the definitions and runners (registry.ts, runners.ts), the renderer's registry check,
// the generated docs and the per-type test tables are all derived from it. Order is the palette's order.
import { callFlowNode } from './call_flow'
import { chatFlowNode } from './chat_flow'
import { conditionNode } from './condition'
import { endNode } from './end'
import { extractNode } from './extract'
import { httpCallNode } from './http_call'
import { intentNode } from './intent'
import { interactiveMessageNode } from './interactive_message'
import { leadManagementNode } from './lead_management'
import { mediaMessageNode } from './media_message'
import { messageNode } from './message'
import { mpmNode } from './mpm'
import { questionNode } from './question'
import { routerNode } from './router'
import { scriptNode } from './script'
import { setLanguageNode } from './set_language'
import { spmNode } from './spm'
import { templateMessageNode } from './template_message'
import { triggerNode } from './trigger'
import { waitNode } from './wait'
import { handOverNode } from './hand_over'

export const NODE_MODULES = [
  triggerNode,
  messageNode,
  interactiveMessageNode,
  questionNode,
  intentNode,
  conditionNode,
  routerNode,
  extractNode,
  httpCallNode,
  scriptNode,
  leadManagementNode,
  templateMessageNode,
  mediaMessageNode,
  spmNode,
  mpmNode,
  chatFlowNode,
  waitNode,
  handOverNode,
  callFlowNode,
  setLanguageNode,
  endNode,
] as const
