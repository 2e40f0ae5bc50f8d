// The runner's groups (BroadcastHost.startMany: a round's recipients started several to a transaction, PostgreSQL):
// how a round is cut into groups, a group that fails as a whole started again one by one, and the daily limit's room
// given back by a group that kept nothing. The store is the real SQLite one; the host records what it was asked.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { openDatabase } from '../db/open'
import { BroadcastRunner, groupsOf, type BroadcastHost } from './runner'
import { SqliteBroadcastStore } from './sqlite-broadcasts'
import { RecipientTaken, type ClaimedRecipient, type NewRecipient, type RecipientOutcome } from './store'
import { recordingHost } from './testing/studio-like-host'

let dir: string
let db: Database
let store: SqliteBroadcastStore
let t: number
const now = () => t
const T0 = 1_800_000_000_000
const spec = { name: 'Autumn sale', flowId: 'flw_sale' }
const people = (n: number): NewRecipient[] =>
  Array.from({ length: n }, (_, i) => ({ phone: `+9198000${String(i).padStart(5, '0')}`, dueAt: T0 }))
const claimedOf = (phones: string[]): ClaimedRecipient[] =>
  phones.map((phone, i) => ({
    broadcastId: 'brd_1',
    seq: i + 1,
    phone,
    name: null,
    fields: {},
    variables: {},
    dueAt: T0,
    flowId: 'flw_sale',
    triggerNodeId: null,
    rate: null,
  }))

beforeEach(() => {
  t = T0
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brd-groups-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new SqliteBroadcastStore(db)
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

it('cuts a round into groups of at most the size, as even as that allows, in order, a phone once per group', () => {
  const seqs = (gs: ClaimedRecipient[][]) => gs.map((g) => g.map((r) => r.seq))
  const phones = Array.from({ length: 20 }, (_, i) => `+91980000${String(i).padStart(4, '0')}`)
  expect(seqs(groupsOf(claimedOf(phones), 16))).toEqual([
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
  ])
  expect(seqs(groupsOf(claimedOf(phones.slice(0, 5)), 16))).toEqual([[1, 2, 3, 4, 5]])
  // The same phone twice (two broadcasts to one contact): its second recipient opens the next group.
  expect(seqs(groupsOf(claimedOf(['+1', '+2', '+1', '+3']), 16))).toEqual([
    [1, 2],
    [3, 4],
  ])
})

/** A host that starts groups through `many` and single recipients as the recording host does. */
function groupHost(many: (g: ClaimedRecipient[], take: () => boolean) => Promise<Array<RecipientOutcome | 'held'>>) {
  const single = recordingHost(store, now)
  const groups: number[][] = []
  const host: BroadcastHost & { starts: typeof single.starts; groups: number[][] } = {
    starts: single.starts,
    groups,
    start: (r, limit) => single.start(r, limit),
    async startMany(g, limit) {
      groups.push(g.map((r) => r.seq))
      return many(g, () => limit?.take() ?? true)
    },
  }
  return host
}

it('starts a round in groups through the host, and a group that failed as a whole one by one', async () => {
  const host = groupHost(async (g) => {
    // The second group finds one of its recipients taken by another start: nothing of it was kept.
    if (g.some((r) => r.seq === 14)) throw new RecipientTaken('brd', 14)
    return Promise.all(g.map((r) => single(r)))
  })
  const single = (r: ClaimedRecipient) => recordingHost(store, now).start(r) as Promise<RecipientOutcome>
  const runner = new BroadcastRunner(store, host, { now, rate: () => 100, conversationLimit: null, group: 8 })
  const { id } = await store.create(spec, people(16), T0)
  expect((await runner.round()).started).toBe(16)
  expect(host.groups).toEqual([
    [1, 2, 3, 4, 5, 6, 7, 8],
    [9, 10, 11, 12, 13, 14, 15, 16],
  ])
  // The failed group's recipients went one at a time, each once.
  expect(host.starts.map((s) => s.seq)).toEqual([9, 10, 11, 12, 13, 14, 15, 16])
  expect((await store.get(id))!.counts).toMatchObject({ sent: 16, pending: 0 })
})

it("the daily limit's room a failed group took is given back: its recipients start one by one within it", async () => {
  const host = groupHost(async (g, take) => {
    for (const _ of g) take()
    throw new Error('connection lost')
  })
  const runner = new BroadcastRunner(store, host, { now, rate: () => 100, conversationLimit: 3, group: 8 })
  await store.create(spec, people(5), T0)
  await runner.round()
  // The group took three and kept nothing; one by one, the first three get the room, the other two wait.
  expect(host.starts.map((s) => s.seq)).toEqual([1, 2, 3])
  const rs = await store.recipients((await store.list(1))[0]!.id, { limit: 10 })
  expect(rs.map((r) => r.state)).toEqual(['sent', 'sent', 'sent', 'pending', 'pending'])
})
