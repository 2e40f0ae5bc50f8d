import type { NodeType } from '../../shared/nodes/node-types'
import type { NodeUi } from './types'
import { callFlowUi } from './call_flow'
import { chatFlowUi } from './chat_flow'
import { conditionUi } from './condition'
import { endUi } from './end'
import { extractUi } from './extract'
import { httpCallUi } from './http_call'
import { intentUi } from './intent'
import { interactiveMessageUi } from './interactive_message'
import { leadManagementUi } from './lead_management'
import { mediaMessageUi } from './media_message'
import { messageUi } from './message'
import { mpmUi } from './mpm'
import { questionUi } from './question'
import { routerUi } from './router'
import { scriptUi } from './script'
import { setLanguageUi } from './set_language'
import { spmUi } from './spm'
import { templateMessageUi } from './template_message'
import { triggerUi } from './trigger'
import { waitUi } from './wait'
import { handOverUi } from './hand_over'

// The renderer's half of each node type, one line each (the shared half is listed in shared/nodes/modules.ts).
export const NODE_UIS = [
  triggerUi,
  messageUi,
  interactiveMessageUi,
  questionUi,
  intentUi,
  conditionUi,
  routerUi,
  extractUi,
  httpCallUi,
  scriptUi,
  leadManagementUi,
  templateMessageUi,
  mediaMessageUi,
  spmUi,
  mpmUi,
  chatFlowUi,
  waitUi,
  handOverUi,
  callFlowUi,
  setLanguageUi,
  endUi,
] as const

// A node type without its renderer half does not compile: the error names the missing type.
type Missing = Exclude<NodeType, (typeof NODE_UIS)[number]['type']>
const complete: [Missing] extends [never] ? true : { missingRendererModuleFor: Missing } = true
void complete

export const nodeUi = Object.fromEntries(NODE_UIS.map((ui) => [ui.type, ui])) as Record<NodeType, NodeUi>
