// flows.keywordOverlaps, which the editor's Problems panel shows: the open flow's keywords against the stored
// active flows, on a real back end. The open flow counts as active even before it is switched on.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
beforeEach(() => {
  temp = createTempBackend()
})
afterEach(() => temp.cleanup())

async function stored(name: string, keywords: string[], active: boolean, matchMode = 'exact') {
  const api = temp.backend
  const created = expectOk(await api.call('flows.create', { name }))
  const document = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords, matchMode } },
      { type: 'message', name: 'm', config: { text: name } },
    ],
    [['trigger_1', 'out', 'm']],
    { id: created.id, name, active },
  )
  expectOk(await api.call('flows.save', { document, expectedRevision: created.revision }))
  return document
}

describe('flows.keywordOverlaps', () => {
  it('warns on the trigger about a keyword an active flow also answers, naming the flow that wins', async () => {
    await stored('Orders', ['order'], true)
    await stored('Old orders', ['order'], false) // inactive: starts nothing, so no clash
    const draft = await stored('Order help', ['order help', 'Order'], false, 'starts_with')
    const problems = expectOk(await temp.backend.call('flows.keywordOverlaps', { document: draft }))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatchObject({
      severity: 'warning',
      code: 'trigger.keyword_overlap',
      nodeId: 'n_trigger_1',
      field: '/keywords',
    })
    // exact beats starts_with (docs/engine.md, "Trigger priority")
    expect(problems[0]!.message).toBe(
      'The message "order" matches keyword "Order" here and "order" of the active flow "Orders": "Orders" wins, so this flow never starts from it.',
    )
  })

  it('says nothing when no active flow shares a keyword', async () => {
    await stored('Orders', ['order'], true)
    const draft = await stored('Refunds', ['refund'], false)
    expect(expectOk(await temp.backend.call('flows.keywordOverlaps', { document: draft }))).toEqual([])
  })
})
