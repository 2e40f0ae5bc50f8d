// The flow issue 39 (item 3) timed the generator on: a webhook trigger reading 13 data fields, then a chain of 120
// Conditions of 12 rules each over those fields, every True port into its own Message, every False port into the
// next Condition, every Message and the last False into one End (242 nodes). Built the same way every time (a fixed sequence, no randomness), so a run of
// `chatflow generate --time 1` on it measures the same work; scripts/write-many-conditions.ts writes it to a file.
import type { FlowDocument } from '../../flow/document'
import type { EdgeSpec, NodeSpec } from '../../analysis/testing/build'
import { buildFlow } from '../../analysis/testing/build'

const OPERATORS = [
  ['equals', 'gold'],
  ['greater_than', '40'],
  ['contains', 'vip'],
  ['less_or_equal', '7'],
  ['starts_with', 'A'],
  ['not_equals', 'none'],
  ['ends_with', 'x'],
  ['greater_or_equal', '1000'],
  ['is_not_empty', undefined],
  ['less_than', '3'],
  ['not_contains', 'test'],
  ['is_empty', undefined],
] as const

export interface ManyConditionsShape {
  conditions: number
  rules: number
  fields: number
}

export const ISSUE_39_SHAPE: ManyConditionsShape = { conditions: 120, rules: 12, fields: 13 }

export function manyConditionsFlow(shape: ManyConditionsShape = ISSUE_39_SHAPE): FlowDocument {
  const fields = Array.from({ length: shape.fields }, (_, i) => `v${i}`)
  const nodes: NodeSpec[] = [['trigger', 'trigger_1', { kind: 'webhook', dataFields: fields }]]
  const edges: EdgeSpec[] = []
  let previous: [string, string] = ['trigger_1', 'out']
  for (let c = 0; c < shape.conditions; c++) {
    const rules = Array.from({ length: shape.rules }, (_, k) => {
      const [operator, right] = OPERATORS[(c * 5 + k * 7) % OPERATORS.length]!
      const left = `{{${fields[(c * 3 + k * 11) % fields.length]}}}`
      return right === undefined ? { left, operator } : { left, operator, right: `${right}${c % 4 ? '' : c}` }
    })
    const name = `check_${c + 1}`
    nodes.push(['condition', name, { join: c % 2 ? 'or' : 'and', rules }])
    nodes.push(['message', `says_${c + 1}`, { text: `Branch ${c + 1}` }])
    edges.push([previous[0], previous[1], name], [name, 'true', `says_${c + 1}`], [`says_${c + 1}`, 'out', 'end_1'])
    previous = [name, 'false']
  }
  nodes.push(['end', 'end_1'])
  edges.push([previous[0], previous[1], 'end_1'])
  return buildFlow(nodes, edges, { webhookSecretRef: 'whsec_test', name: 'Many conditions' })
}
