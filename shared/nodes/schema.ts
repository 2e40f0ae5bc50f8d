import { flowDocumentSchema, flowNodeSchema } from '../flow/document'
import { NODE_TYPES } from './node-types'

// The document schemas of this build: the model's (shared/flow/document.ts) with `type` narrowed to the node types
// of shared/nodes/modules.ts, for requests and pasted nodes that must name a known type before anything reads them.

export const KnownFlowNodeSchema = flowNodeSchema(NODE_TYPES)
export const KnownFlowDocumentSchema = flowDocumentSchema(NODE_TYPES)
