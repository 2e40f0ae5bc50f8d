// Node semantics by type. Record<NodeType, …> makes a new node type a compile error until it is listed here;
// `null` marks a type whose runner belongs to the integration-nodes issue. A run that reaches such a node fails
// with 'no_runner' (never skips it), and runners.test.ts pins exactly which types run, so neither a missing runner
// nor a newly added one goes unnoticed.
import type { NodeType } from '../flow/node-types'
import type { NodeCatalog } from '../engine/deps'
import type { NodeRunner } from '../engine/runner'
import { NODE_DEFINITIONS } from './registry'
import type { NodeDefinition } from './types'
import { chatFlowRunner } from './chat_flow/run'
import { conditionRunner } from './condition/run'
import { endRunner } from './end/run'
import { httpCallRunner } from './http_call/run'
import { interactiveMessageRunner } from './interactive_message/run'
import { leadManagementRunner } from './lead_management/run'
import { mediaMessageRunner } from './media_message/run'
import { messageRunner } from './message/run'
import { mpmRunner } from './mpm/run'
import { questionRunner } from './question/run'
import { routerRunner } from './router/run'
import { scriptRunner } from './script/run'
import { spmRunner } from './spm/run'
import { templateMessageRunner } from './template_message/run'
import { triggerRunner } from './trigger/run'

export const runners: Record<NodeType, NodeRunner<never> | null> = {
  trigger: triggerRunner,
  message: messageRunner,
  interactive_message: interactiveMessageRunner,
  question: questionRunner,
  condition: conditionRunner,
  router: routerRunner,
  end: endRunner,
  http_call: httpCallRunner,
  script: scriptRunner,
  lead_management: leadManagementRunner,
  template_message: templateMessageRunner,
  media_message: mediaMessageRunner,
  spm: spmRunner,
  mpm: mpmRunner,
  chat_flow: chatFlowRunner,
}

export function runnerFor(type: NodeType): NodeRunner<unknown> | undefined {
  return (runners[type] as NodeRunner<unknown> | null) ?? undefined
}

/** The catalogue the engine runs with: every definition, and the runners above. */
export const nodeCatalog: NodeCatalog = {
  definition: (type) => NODE_DEFINITIONS[type] as NodeDefinition<unknown>,
  runner: runnerFor,
}
