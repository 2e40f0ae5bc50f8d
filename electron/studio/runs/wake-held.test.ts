// A run whose contact a person has is held (docs/engine.md, rule 15): the studio's waker does not see it as due, so
// it is not woken again and again while the takeover lasts; the Hand over node's own run stays due (its time ends the
// takeover), and the held run is due again once the conversation is handed back. Real SQLite file, fake clock.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { createEffects } from '../../../shared/engine'
import { openDatabase, type Database } from '../../services/db/open'
import { handBack, RunService, takeOver } from '../../services/runs'
import { WakeQueries } from './wake-queries'

const HOUR = 3_600_000
let dir: string
let db: Database
let now: number
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-wake-held-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  now = Date.UTC(2026, 0, 1, 9)
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['ask'] } },
    { type: 'question', name: 'q', config: { prompt: 'Name?', saveTo: 'name', noReplyWithin: '1h' } },
    { type: 'trigger', name: 'trigger_2', config: { kind: 'keyword', keywords: ['agent'] } },
    { type: 'hand_over', name: 'person', config: { returnAfter: '1h' } },
  ],
  [
    ['trigger_1', 'out', 'q'],
    ['trigger_2', 'out', 'person'],
  ],
  { active: true },
)

describe('the waker and a takeover', () => {
  it("holds another run's wake until the hand-back, and keeps the Hand over node's run due", async () => {
    const runs = new RunService(db, {
      effects: createEffects({ clock: { now: () => now }, ids: { next: (p) => `${p}${Math.random()}` } }),
    })
    const queries = new WakeQueries(db)
    const contact = runs.contacts.ensure({ phone: '+919800000001' })
    const flowOf = () => flow
    await runs.receive(contact, { type: 'text', text: 'ask' }, [flow], flowOf)
    await takeOver(runs, contact, 'studio')
    now += 2 * HOUR
    expect(queries.due(now, 10)).toEqual([])
    expect(queries.next(now + 5000)).toBeNull()
    await handBack(runs, contact, 'studio', {})
    expect(queries.due(now, 10).map((r) => r.flowId)).toEqual([flow.id])

    // The Hand over node's own run: due at its time while the takeover lasts.
    await runs.receive(contact, { type: 'text', text: 'agent' }, [flow], flowOf)
    now += 2 * HOUR
    expect(queries.due(now, 10)).toHaveLength(1)
  })
})
