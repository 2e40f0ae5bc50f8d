// The expression language: the one public entry point. Pure TypeScript; no electron, node:* or react.
// The relaxed JSON reader of sample responses is ./json, imported from there: json5 is a script the bundler cannot
// leave out, so re-exported here it would ride along into every chunk that reads templates (the canvas's first load).
export type { Vars, Diagnostic, VarRef, Chunk } from './types'
export type { Expr } from './ast'
export { splitTemplate } from './split'
export { compileTemplate, renderTemplate, evaluateTemplate, type CompiledTemplate } from './template'
export { findVariableRefs, renameRoot } from './refs'
export { checkTemplate, type CheckContext } from './check'
export {
  CONDITION_OPERATORS,
  OPERATOR_LABELS,
  UNARY_OPERATORS,
  evaluateRule,
  evaluateRules,
  type ConditionOperator,
  type ConditionRule,
} from './conditions'
export { FUNCTION_DOCS, type FunctionDoc } from './functions'
export { display as displayValue, isEmpty, truthy } from './values'
export { lookup as lookupPath, PATH_RE, segmentSpans } from './paths'
export { MAX_TEMPLATE_LENGTH, MAX_DEPTH } from './limits'
export {
  highlightTemplate,
  completionContext,
  type HighlightSpan,
  type HighlightKind,
  type CompletionContext,
} from './editor'
