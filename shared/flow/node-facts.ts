// What the flow model and its analyses read of a node, whatever its type: its ports, the variables it saves and its
// template fields. Node types produce these (shared/nodes/types.ts NodeDefinition); they are declared here, in the
// model, so code that only reads them needs no node catalogue.

export type PortKind = 'success' | 'failure' | 'true' | 'false' | 'else' | 'default'

export interface Port {
  id: string
  label: string
  kind?: PortKind
}

export type VariableType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'unknown'

export interface VariableSpec {
  /** Dotted path as written inside {{ }}: 'http_call_1.status', 'lead_email', 'button_id'. */
  path: string
  description: string
  type: VariableType
  /** The form of a string value, when it has one: 'date, YYYY-MM-DD', 'phone, E.164'. */
  format?: string
}

/** A config field that takes {{ }} templates. `pointer` is a JSON pointer into the node's config. */
export interface TextField {
  pointer: string
  label: string
  value: string
  /** The node's own output is readable here (a Question's retry quotes the answer it refused). */
  readsOwnOutput?: boolean
}

/** What a customer text is, for translators' notes and the limits the channel sets per kind. */
export type CustomerTextKind =
  | 'body'
  | 'header'
  | 'footer'
  | 'button'
  | 'row'
  | 'row_description'
  | 'section'
  | 'list_button'
  | 'caption'
  | 'retry'
  | 'refusal'
  | 'form'
  | 'product'
  | 'other'

/**
 * A config text the customer reads, so one that has a value per language (docs/languages.md). `pointer` is a JSON
 * pointer into the node's config, as TextField's; `limit` is the channel's character limit for it
 * (/work/shared/spec/channel-reference.md), null when the channel sets none.
 */
export interface CustomerText {
  pointer: string
  label: string
  value: string
  limit: number | null
  kind: CustomerTextKind
}
