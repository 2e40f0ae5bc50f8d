// The variables the engine itself sets on every run (spec, "System variables" and "Last interaction variables"), in
// a module of their own that imports nothing at run time, so node runners can read the list without a cycle
// through the node registry.
import type { VariableSpec } from './node-facts'

export const SYSTEM_VARIABLES: VariableSpec[] = [
  { path: 'customer_name', description: "Customer's name from the channel profile", type: 'string' },
  { path: 'customer_phone', description: "Customer's phone number", type: 'string' },
  { path: 'initial_message', description: 'First message the customer sent, which started the flow', type: 'string' },
  { path: 'chat_message_id', description: 'Id of the channel message that started the flow', type: 'string' },
  { path: 'contact', description: 'What the run knows of the contact: {{contact.language}}', type: 'object' },
  {
    path: 'contact.language',
    description: "The language the run speaks with the contact (BCP 47, one of the flow's languages)",
    type: 'string',
  },
]

/** Set by the latest interaction; empty until the customer taps or chooses something. */
export const INTERACTION_VARIABLES: VariableSpec[] = [
  { path: 'button_id', description: 'Id of the last reply button tapped', type: 'string' },
  { path: 'row_id', description: 'Id of the last list row chosen', type: 'string' },
  { path: '_last_button_payload', description: 'Payload of the last button tapped', type: 'string' },
  { path: '_last_button_text', description: 'Visible label of the last button tapped', type: 'string' },
  { path: '_last_row_payload', description: 'Payload of the last list row selected', type: 'string' },
  { path: '_last_row_text', description: 'Visible title of the last list row selected', type: 'string' },
  {
    path: '_last_template_button_clicked',
    description: 'Payload of the last template quick-reply button tapped',
    type: 'string',
  },
]

export const GLOBAL_ROOTS: ReadonlySet<string> = new Set(
  [...SYSTEM_VARIABLES, ...INTERACTION_VARIABLES].map((v) => v.path),
)
