import { afterEach, beforeEach, expect, it } from 'vitest'
import { compareFlows } from '../../../shared/diff'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

// compare.revisions: what a comparison opened by its address reads, on a real back end and SQLite file.

let temp: TempBackend
beforeEach(() => {
  temp = createTempBackend()
})
afterEach(() => temp.cleanup())

const flow = (id: string, text: string) =>
  buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      { type: 'message', name: 'hello', config: { text } },
    ],
    [['trigger_1', 'out', 'hello']],
    { id, name: 'Hello', active: true },
  )

it('compares a kept revision with the stored flow or with another revision, the older one first', async () => {
  const api = temp.backend
  const created = expectOk(await api.call('flows.create', { name: 'Hello' }))
  const one = expectOk(await api.call('flows.save', { document: flow(created.id, 'Hi there') })).revision
  expectOk(await api.call('revisions.name', { flowId: created.id, revision: one, label: 'first words' }))
  const two = expectOk(await api.call('flows.save', { document: flow(created.id, 'Hello, friend') })).revision

  const draft = expectOk(await api.call('compare.revisions', { flowId: created.id, revision: one }))
  const stored = expectOk(await api.call('flows.get', { id: created.id }))
  expect(draft).toMatchObject({ before: { revision: one, label: 'first words' }, after: null, draftRevision: two })
  expect(draft.comparison).toEqual(compareFlows(draft.before.document, stored.document))
  expect(draft.comparison.nodes.find((n) => n.name === 'hello')!.fields.map((f) => f.path)).toEqual(['config.text'])

  const backwards = expectOk(await api.call('compare.revisions', { flowId: created.id, revision: two, to: one }))
  expect([backwards.before.revision, backwards.after!.revision]).toEqual([one, two])

  const gone = await api.call('compare.revisions', { flowId: created.id, revision: 99 })
  expect(!gone.ok && gone.error).toMatchObject({
    code: 'not_found',
    message: 'Revision 99 of this flow is no longer kept.',
  })
})
