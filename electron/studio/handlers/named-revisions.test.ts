import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FlowDocument } from '../../../shared/flow/document'
import { REVISIONS_KEPT } from '../../services/db/migrations/009_revision_history'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

// Named versions (issue 36, migration 021) on a real SQLite file: naming, listing, what pruning keeps.

let t: TempBackend
let clock: number

beforeEach(() => {
  clock = 1_700_000_000_000
  t = createTempBackend({ now: () => (clock += 1000), log: () => {} })
})
afterEach(() => t.cleanup())

const withText = (doc: FlowDocument, text: string): FlowDocument => ({
  ...doc,
  nodes: [
    ...doc.nodes.filter((n) => n.id !== 'n_msg'),
    { id: 'n_msg', type: 'message', name: 'message_1', position: { x: 300, y: 0 }, config: { text } },
  ],
})

let created: FlowDocument

async function flowWithSaves(saves: number) {
  const flow = expectOk(await t.backend.call('flows.create', { name: 'Hours' }))
  created = flow.document
  for (let i = 1; i <= saves; i++) await save(i)
  return flow.id
}
const save = async (i: number) =>
  expectOk(await t.backend.call('flows.save', { document: withText(created, `Open ${i}`) }))

describe('naming a revision', () => {
  it('names and describes a revision, lists it with its name, and lists named ones alone; the name survives a restart', async () => {
    const flowId = await flowWithSaves(3)
    const named = expectOk(
      await t.backend.call('revisions.name', {
        flowId,
        revision: 2,
        label: '  holiday hours ',
        description: 'Closed on the 25th',
      }),
    )
    expect(named).toMatchObject({ revision: 2, label: 'holiday hours', description: 'Closed on the 25th' })
    await t.reopen()
    const list = expectOk(await t.backend.call('revisions.list', { flowId }))
    expect(list.map((r) => [r.revision, r.label])).toEqual([
      [4, null],
      [3, null],
      [2, 'holiday hours'],
      [1, null],
    ])
    const only = expectOk(await t.backend.call('revisions.list', { flowId, named: true }))
    expect(only).toHaveLength(1)
    // Described against the revision just before it, named or not.
    expect(only[0]).toMatchObject({ revision: 2, label: 'holiday hours', summary: 'Added message_1' })
    const got = expectOk(await t.backend.call('revisions.get', { flowId, revision: 2 }))
    expect(got).toMatchObject({ label: 'holiday hours', description: 'Closed on the 25th' })

    // A null label takes the name and the description away.
    expectOk(await t.backend.call('revisions.name', { flowId, revision: 2, label: null }))
    expect(expectOk(await t.backend.call('revisions.get', { flowId, revision: 2 }))).toMatchObject({
      label: null,
      description: null,
    })
  })

  it('refuses an empty, long or invisible-character name, a long description, and a revision no longer kept', async () => {
    const flowId = await flowWithSaves(1)
    const refuse = async (req: Record<string, unknown>, code: string, message: RegExp) => {
      const r = await t.backend.call('revisions.name', { flowId, revision: 1, label: 'x', ...req } as never)
      expect(r.ok).toBe(false)
      if (!r.ok) {
        expect(r.error.code).toBe(code)
        expect(JSON.stringify(r.error)).toMatch(message)
      }
    }
    await refuse({ label: '   ' }, 'bad_request', /cannot be empty/)
    await refuse({ label: 'x'.repeat(81) }, 'bad_request', /80/)
    await refuse({ label: 'a\u202Eb' }, 'bad_request', /invisible control character/)
    await refuse({ description: 'd'.repeat(1001) }, 'bad_request', /1000/)
    await refuse({ revision: 9 }, 'not_found', /Revision 9 of this flow is no longer kept/)
    await refuse({ flowId: 'flw_nope' }, 'not_found', /flw_nope/)
    expect(expectOk(await t.backend.call('revisions.get', { flowId, revision: 1 })).label).toBeNull()
  })
})

describe('pruning', () => {
  it(`keeps named revisions when the newest ${REVISIONS_KEPT} are all that is kept of the others`, async () => {
    const flowId = await flowWithSaves(2)
    expectOk(await t.backend.call('revisions.name', { flowId, revision: 2, label: 'first opening hours' }))
    for (let i = 3; i <= REVISIONS_KEPT + 5; i++) await save(i)
    const newest = REVISIONS_KEPT + 6 // create, then REVISIONS_KEPT + 5 saves
    const kept = await allRevisions(flowId)
    expect(kept[0]).toBe(newest)
    expect(kept).toContain(2)
    expect(kept).not.toContain(1)
    expect(kept).not.toContain(3)
    expect(kept.filter((r) => r !== 2)).toHaveLength(REVISIONS_KEPT)
    const got = expectOk(await t.backend.call('revisions.get', { flowId, revision: 2 }))
    expect(got.document.nodes.find((n) => n.id === 'n_msg')!.config.text).toBe('Open 1')
    // The oldest unnamed revision kept says what changed since the named one, further back.
    const list = expectOk(await t.backend.call('revisions.list', { flowId, limit: 200, before: 2 + REVISIONS_KEPT }))
    const oldest = list.find((r) => r.revision === newest - REVISIONS_KEPT + 1)!
    expect(oldest.summary).toMatch(/^Since revision 2: edited message_1$/)
  })
})

async function allRevisions(flowId: string): Promise<number[]> {
  const out: number[] = []
  let before: number | undefined
  for (;;) {
    const page = expectOk(await t.backend.call('revisions.list', { flowId, limit: 200, ...(before ? { before } : {}) }))
    if (!page.length) return out
    out.push(...page.map((r) => r.revision))
    before = page.at(-1)!.revision
  }
}
