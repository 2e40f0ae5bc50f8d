import { afterEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../../testing/backend'
import { REVISIONS_KEPT } from '../../../services/db/migrations/009_revision_history'

describe('revision history bound', () => {
  let t: TempBackend | undefined
  afterEach(async () => t?.cleanup())

  it(`keeps the newest ${REVISIONS_KEPT} revisions of a flow and leaves other flows alone`, async () => {
    t = createTempBackend()
    const b = t.backend
    const flow = expectOk(await b.call('flows.create', { name: 'Busy' }))
    const other = expectOk(await b.call('flows.create', { name: 'Quiet' }))
    let doc = flow.document
    const saves = REVISIONS_KEPT + 15
    for (let i = 0; i < saves; i++) {
      doc = { ...doc, nodes: doc.nodes.map((n) => ({ ...n, position: { x: i, y: 0 } })) }
      expectOk(await b.call('flows.save', { document: doc }))
    }
    const newest = saves + 1
    const list = expectOk(await b.call('revisions.list', { flowId: flow.id, limit: REVISIONS_KEPT }))
    expect(list[0]?.revision).toBe(newest)
    const oldestKept = newest - REVISIONS_KEPT + 1
    expect(list.at(-1)?.revision).toBe(oldestKept)
    // Nothing older is left to page to.
    expect(expectOk(await b.call('revisions.list', { flowId: flow.id, before: oldestKept }))).toEqual([])
    expect(expectOk(await b.call('revisions.list', { flowId: other.id }))).toHaveLength(1)
  })
})
