// What reads a flow document together with the node types: validation, the reference index and rename, the
// variables in scope, path analysis. It sits above shared/flow (the model) and shared/nodes (the catalogue).
export { NAME_PREFIX, NODE_TYPES, nextNodeName, type NodeType } from '../nodes/node-types'
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
export {
  textUnits,
  placeholdersOf,
  placeholderChanges,
  customerTextsOf,
  translationProblems,
  textLength,
  type TextUnit,
} from './translations'
