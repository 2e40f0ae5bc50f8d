import { describe, expect, it } from 'vitest'
import { ASHA, buildFlow, testDeps } from '../../engine/testing/fixtures'
import { resumeRun, startRun } from '../../engine/machine'

// Without a catalogue (a conversation test) product messages go out as written; the order a customer sends back
// from one is saved as {{order}} by whichever node receives it.
describe('product messages without a catalogue, and the order that comes back', () => {
  const flow = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'spm', name: 'spm_1', config: { catalogId: 'cat_1', productId: 'TEA-1', body: '' } },
      { type: 'question', name: 'question_1', config: { prompt: 'Send your cart when ready.', saveTo: 'note' } },
      {
        type: 'message',
        name: 'message_1',
        config: { text: 'Order from {{order.catalog_id}}: {{order.product_items}}' },
      },
    ],
    [
      ['trigger_1', 'out', 'spm_1'],
      ['spm_1', 'out', 'question_1'],
      ['question_1', 'out', 'message_1'],
    ],
  )

  it('sends the product unchecked, without an empty body, and saves the order shape', async () => {
    const { deps } = testDeps()
    const r = await startRun(flow, { contact: ASHA, trigger: { kind: 'manual' } }, deps)
    expect(r.messages[0]).toEqual({
      type: 'interactive',
      interactive: { type: 'product', action: { catalog_id: 'cat_1', product_retailer_id: 'TEA-1' } },
    })
    expect(r.state.vars.spm_1).toEqual({ catalog_id: 'cat_1', product_id: 'TEA-1', checked: false })
    const order = {
      catalog_id: 'cat_1',
      text: 'gift wrap please',
      product_items: [{ product_retailer_id: 'TEA-1', quantity: 2, item_price: 9.5, currency: 'EUR' }],
    }
    const back = await resumeRun(flow, r.state, { type: 'order', order }, ASHA, deps)
    expect(back.state.vars.order).toEqual(order)
    expect(back.state.vars.note).toBe('gift wrap please')
    expect(back.messages.at(-1)).toMatchObject({ type: 'text' })
    expect(JSON.stringify(back.messages.at(-1))).toContain('Order from cat_1')
  })

  it('fails an SPM whose product id renders empty', async () => {
    const f = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'spm', name: 'spm_1', config: { catalogId: 'cat_1', productId: '{{missing}}' } },
      ],
      [['trigger_1', 'out', 'spm_1']],
    )
    const r = await startRun(f, { contact: ASHA, trigger: { kind: 'manual' } }, testDeps().deps)
    expect(r.state.error).toMatchObject({ code: 'product_not_found', nodeName: 'spm_1' })
  })
})
