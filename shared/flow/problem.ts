import type { FlowCatalogue } from './catalogue'

// A problem found in a flow document: by validation (shared/analysis/validate.ts), by a node type's own checks
// (shared/nodes/<type>/definition.ts) or by the model's own settings and markers. Declared in the model so every
// layer reports in the same shape without importing the node catalogue.

/** A 'note' is a warning the flow's author marked as intended (the document's `intentional` list, shared/flow/intentional.ts):
 *  shown, never counted as a problem. */
export type Severity = 'error' | 'warning' | 'note'

export interface Problem {
  severity: Severity
  /** Stable machine code, e.g. 'name.duplicate', 'limit.button_title'. */
  code: string
  /** A sentence a person understands. */
  message: string
  nodeId?: string
  /** JSON pointer into the node's config ('/buttons/0/title'), when the problem is about one field. */
  field?: string
  /** JSON pointer into the whole document ('/nodes/3/config/buttons/0/title'). */
  pointer: string
  /** On a note: why the author keeps this warning (the marker's `why`). */
  why?: string
}

export interface ValidateContext {
  nodeId: string
  nodeName: string
  /** Pointer of this node's config in the document, e.g. '/nodes/3/config'. Problems extend it with their field. */
  configPointer: string
  /** The flow's locale (its settings), for checks that read text as the flow does; absent for a lone node. */
  locale?: string
  /** The flow's languages and its default (settings.languages; a single-language flow: its locale alone), for checks
   *  of a language a node names; absent for a lone node. */
  languages?: { list: readonly string[]; default: string }
  /** The other flows, when the host has them (a Call Flow node's callee): absent for a lone document. */
  flows?: FlowCatalogue
}
