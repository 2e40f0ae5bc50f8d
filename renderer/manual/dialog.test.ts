import { describe, expect, it } from 'vitest'
import type { FlowNode } from '../../shared/flow/document'
import { triggerDataFields, typedPhones } from './TriggerFlowDialog'

describe('Trigger Flow dialog helpers', () => {
  it('reads typed numbers one per line or comma separated, ignoring blanks', () => {
    expect(typedPhones(' +919800000001\n\n+44 7700 900123, +14155550100;')).toEqual([
      '+919800000001',
      '+44 7700 900123',
      '+14155550100',
    ])
    expect(typedPhones('  \n ')).toEqual([])
  })

  it("collects each trigger's data fields once, skipping other nodes and blank names", () => {
    const nodes: Array<Pick<FlowNode, 'type' | 'config'>> = [
      { type: 'trigger', config: { kind: 'webhook', dataFields: ['order_id', ''] } },
      { type: 'trigger', config: { kind: 'manual', dataFields: ['order_id', 'coupon'] } },
      { type: 'message', config: { dataFields: ['not_me'] } },
      { type: 'trigger', config: { kind: 'keyword' } },
    ]
    expect(triggerDataFields(nodes)).toEqual(['order_id', 'coupon'])
  })
})
