// The flow model's public entry point: document, names, references and rename, variables, validation.
export { FLOW_FORMAT, FlowDocumentSchema, FlowEdgeSchema, FlowNodeSchema, PositionSchema } from './document'
export type { FlowDocument, FlowEdge, FlowNode, Position } from './document'
export { FlowSettingsSchema, flowSettings, LEGACY_SETTINGS, type FlowSettings } from './settings'
export { NAME_PREFIX, NODE_TYPES, type NodeType } from './node-types'
export {
  parseFlowWith,
  parseJsonText,
  loadFlowWith,
  serialiseFlow,
  canonicalFlow,
  type FlowLoadError,
  type FlowLoadResult,
} from './serialise'
export { checkNodeName, isValidNodeName, nextNodeName, NODE_NAME_MAX, type NameProblem } from './names'
export { buildReferenceIndex, referencesTo, usedInCount, nodeTextFields, type Reference } from './references'
export { planRename, renameNode, type RenameResult } from './rename'
export {
  variablesAt,
  allFlowVariables,
  nodeVariables,
  variableRoots,
  SYSTEM_VARIABLES,
  INTERACTION_VARIABLES,
  type AvailableVariable,
  type VariableSource,
} from './variables'
export { makeResolver, checkContextFor, type Resolution } from './resolve'
export { validateFlow, hasErrors } from './validate'
export type { Problem, Severity } from '../nodes/types'
export { getAt, setAt, pointerOf, parsePointer } from './pointer'
