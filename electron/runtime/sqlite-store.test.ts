// The SQLite store's group commit as the runtime sees it (group-commit.ts): a contact's next message runs on top of
// the previous step in the same turn, every answer waits for its commit, and a message of a step whose commit failed
// is never claimed for sending.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createEffects, startRun } from '../../shared/engine'
import { nodeCatalog } from '../../shared/nodes/runners'
import { openDatabase, type Database } from '../services/db/open'
import { SqliteRuntimeStore } from './sqlite-store'
import { exampleFlow, testRuntime, text } from './testing/runtime-fixtures'

let dir: string
let db: Database
let store: SqliteRuntimeStore
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-sqlite-store-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  store = new SqliteRuntimeStore(db)
})
afterEach(async () => {
  await store.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

/** Counts turns of the event loop from now, so a test can tell which answers came out of the same commit. */
function turns(): { now(): number; stop(): void } {
  let n = 0
  let on = true
  const tick = () => {
    n++
    if (on) setImmediate(tick)
  }
  setImmediate(tick)
  return { now: () => n, stop: () => void (on = false) }
}

it("runs a contact's next message on top of the step before it, and answers both after their one commit", async () => {
  await store.publish(exampleFlow('age-gate'))
  const { runtime } = testRuntime(store, undefined, { outbox: { send: false } })
  const phone = '+919800000001'
  // Another contact's conversation first, so that whatever the engine loads on first use is loaded: the two steps
  // below then do no I/O of their own and finish within one turn.
  await runtime.inbound(text('+919800000009', 'wine'))
  await runtime.inbound(text('+919800000009', '34'))
  const clock = turns()
  const answered: Array<{ turn: number; committed: boolean }> = []
  const at = <T>(p: Promise<T>) =>
    p.then((a) => (answered.push({ turn: clock.now(), committed: !db.inTransaction }), a))
  const [start, resume] = await Promise.all([
    at(runtime.inbound(text(phone, 'wine'))),
    at(runtime.inbound(text(phone, '34'))),
  ])
  clock.stop()
  // The answer to "34" resumed the run "wine" started: it read that step before it had committed.
  expect(start).toMatchObject({ action: 'started', state: 'paused' })
  expect(resume).toMatchObject({ action: 'resumed', runId: start.runId, state: 'ended' })
  expect(answered.every((a) => a.committed)).toBe(true)
  expect(answered[0]!.turn).toBe(answered[1]!.turn)
  await runtime.close()
})

it('never claims a message whose step was undone by a failed commit, and fails that step', async () => {
  const flow = exampleFlow('age-gate')
  await store.publish(flow)
  const phone = '+919800000002'
  const claim = () => store.claimOutbound({ now: Date.now(), leaseMs: 30_000, limit: 10, perContact: 20 })
  let claimed: ReturnType<typeof claim> | undefined
  const step = store.withContact(phone, undefined, async (tx) => {
    const ran = await startRun(
      flow,
      {
        contact: tx.contact,
        trigger: { kind: 'keyword', keyword: 'wine', message: { type: 'text', text: 'wine', id: 'wamid.x' } },
      },
      { effects: createEffects(), catalog: nodeCatalog, serviceWindow: false },
    )
    await tx.commit({ steps: [{ flow, step: ran }] })
    // Something else in the same transaction that can only fail at COMMIT: a deferred foreign key.
    db.pragma('defer_foreign_keys = ON')
    db.prepare(
      "INSERT INTO trace_events (run_id, seq, node_id, node_name, node_type, phase, started_at, duration_ms) VALUES ('run_none', 0, 'n', 'n', 'end', 'run', 0, 0)",
    ).run()
    // The sender asks while the step's message is written but not committed.
    claimed = claim()
    return ran
  })
  await expect(step).rejects.toThrow(/FOREIGN KEY/)
  expect(await claimed).toEqual([])
  expect(await claim()).toEqual([])
  expect(await store.runsOfContact((await store.contactByPhone(phone))?.id ?? '')).toEqual([])
})
