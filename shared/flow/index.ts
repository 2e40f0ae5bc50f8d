// The flow model's public entry point: the document, its settings, names, reading and writing, pointers. It knows no
// node type: what a node of a given type means is shared/nodes, and validation, references, rename and variables,
// which read the node types, are shared/analysis (its index).
export { FLOW_FORMAT, FlowDocumentSchema, FlowEdgeSchema, FlowNodeSchema, PositionSchema } from './document'
export type { FlowDocument, FlowEdge, FlowNode, Position } from './document'
export { FlowSettingsSchema, flowSettings, LEGACY_SETTINGS, type FlowSettings } from './settings'
export {
  parseFlowWith,
  parseJsonText,
  loadFlowWith,
  serialiseFlow,
  canonicalFlow,
  type FlowLoadError,
  type FlowLoadResult,
} from './serialise'
export { checkNodeName, isValidNodeName, nextNameWithPrefix, NODE_NAME_MAX, type NameProblem } from './names'
export type { Problem, Severity } from './problem'
export { getAt, setAt, pointerOf, parsePointer } from './pointer'
export {
  flowLanguages,
  matchLanguage,
  primaryLanguage,
  languageName,
  languageLabel,
  type FlowLanguages,
} from './languages'
export {
  translationOf,
  nodeTranslations,
  setTranslation,
  removeNodeTranslations,
  copyNodeTranslations,
  pruneTranslations,
  type Translation,
  type Translations,
} from './translations'
export type { CustomerText, CustomerTextKind } from './node-facts'
