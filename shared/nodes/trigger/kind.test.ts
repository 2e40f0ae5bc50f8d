import { describe, expect, it } from 'vitest'
import type { FlowNode } from '../../flow/document'
import { triggerKindOf, webhookTriggerOf } from './kind'

const node = (type: FlowNode['type'], config: Record<string, unknown>) => ({ type, config })

describe('trigger kind', () => {
  it('reads the kind as the engine does: a left-out kind is keyword, another node type or an unknown kind none', () => {
    expect(triggerKindOf(node('trigger', { kind: 'webhook' }))).toBe('webhook')
    expect(triggerKindOf(node('trigger', {}))).toBe('keyword')
    expect(triggerKindOf(node('trigger', { kind: 'fax' }))).toBeNull()
    expect(triggerKindOf(node('message', { kind: 'webhook' }))).toBeNull()
  })

  it("finds the flow's webhook trigger, even when another setting of it is wrong (validation reports that)", () => {
    const hook = node('trigger', { kind: 'webhook', dataFields: 'not a list' })
    expect(webhookTriggerOf({ nodes: [node('trigger', { kind: 'keyword' }), hook] })).toBe(hook)
    expect(webhookTriggerOf({ nodes: [node('trigger', {}), node('message', { kind: 'webhook' })] })).toBeUndefined()
  })
})
