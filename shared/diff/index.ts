// The comparison of two versions of a flow: one diff of flow documents for the canvas, the Publish dialog and the CLI.
export { compareFlows } from './compare'
export { wordDiff } from './words'
export { jsonDiff, stableJson } from './json'
export { summarize, describeField } from './summary'
export type {
  ChangeRef,
  EdgeDiff,
  FieldDiff,
  FlowComparison,
  JsonDiffNode,
  NodeDiff,
  NodeStatus,
  WordOp,
} from './types'
