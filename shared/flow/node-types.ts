// The 15 node types of the spec, with the default-name prefixes it gives.
// Every registry in shared/nodes and renderer/nodes is keyed by this union; a contract test checks completeness.
export const NODE_TYPES = [
  'trigger',
  'message',
  'interactive_message',
  'question',
  'condition',
  'router',
  'http_call',
  'script',
  'lead_management',
  'template_message',
  'media_message',
  'spm',
  'mpm',
  'chat_flow',
  'end',
] as const

export type NodeType = (typeof NODE_TYPES)[number]

export const NAME_PREFIX: Record<NodeType, string> = {
  trigger: 'trigger_',
  message: 'message_',
  interactive_message: 'interactive_message_',
  question: 'question_',
  condition: 'condition_',
  router: 'router_',
  http_call: 'http_call_',
  script: 'script_',
  lead_management: 'lead_management_',
  template_message: 'template_message_',
  media_message: 'media_message_',
  spm: 'interactive_spm_',
  mpm: 'interactive_mpm_',
  chat_flow: 'chat_flow_',
  end: 'end_',
}
