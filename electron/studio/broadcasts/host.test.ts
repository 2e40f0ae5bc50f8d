// The studio's broadcast host over a real SQLite file, driven round by round on a fake clock: recipients start as
// manual.trigger starts contacts (RunService, window and opt-out enforced), and each outcome is recorded at once.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CreditRuleSchema } from '../../../shared/api/commands/manual'
import { BroadcastSpecSchema } from '../../../shared/broadcast'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../../shared/flow/document'
import { planBroadcast, type PlanHost } from '../../services/audience/plan'
import { SqliteContactDirectory } from '../../services/audience/sqlite-directory'
import { openDatabase } from '../../services/db/open'
import { BroadcastRunner } from '../../services/broadcast/runner'
import { BroadcastService } from '../../services/broadcast/service'
import { SqliteBroadcastStore } from '../../services/broadcast/sqlite-broadcasts'
import { HandoverStore } from '../../services/handovers'
import { RunService } from '../../services/runs'
import { createStudioEffects } from '../../services/effects'
import { TemplateStore } from '../../services/effects/template-store'
import { FlowStore } from '../../services/store/flows'
import { studioBroadcastHost } from './host'

const T0 = Date.UTC(2026, 10, 29, 4, 0)
const HOUR = 3_600_000
let t: number
let dir: string
let db: Database
let runs: RunService
let service: BroadcastService
let runner: BroadcastRunner
let plan: PlanHost
let flows: FlowStore

function saveFlow(first: 'template' | 'text'): FlowDocument {
  const created = flows.create('Autumn sale')
  const doc = buildFlow(
    [
      { type: 'trigger', name: 'start', config: { kind: 'manual' } },
      first === 'template'
        ? {
            type: 'template_message',
            name: 'promo',
            config: { templateName: 'autumn_sale', language: 'en', category: 'MARKETING' },
          }
        : { type: 'message', name: 'promo', config: { text: 'Hi {{start.data.coupon}}' } },
      { type: 'end', name: 'done' },
    ],
    [
      ['start', 'out', 'promo'],
      ['promo', 'out', 'done'],
    ],
    { id: created.id, name: created.name },
  )
  flows.save(doc)
  return doc
}

beforeEach(() => {
  t = T0
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brd-studio-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  flows = new FlowStore(db, () => t)
  runs = new RunService(db, { effects: createStudioEffects(db, { now: () => t }), serviceWindow: true })
  new TemplateStore(db, () => t).save({
    name: 'autumn_sale',
    language: 'en',
    category: 'MARKETING',
    header: { type: 'none', text: '' },
    body: 'Our autumn sale has started: 20% off everything.',
    footer: '',
    buttons: [],
  })
  const store = new SqliteBroadcastStore(db)
  const rule = CreditRuleSchema.parse({})
  const host = studioBroadcastHost({
    runs,
    store,
    handovers: new HandoverStore(db),
    flow: (id) => flows.get(id).document,
    rule: () => rule,
    now: () => t,
  })
  runner = new BroadcastRunner(store, host, { now: () => t, rate: () => 80, conversationLimit: null })
  service = new BroadcastService(store, () => t)
  plan = {
    directory: new SqliteContactDirectory(db),
    flow: async (id) => flows.get(id).document,
    rule,
    sendRate: 80,
    conversationLimit: null,
    newConversationsSince: (since) => store.newConversationsSince(since),
    now: () => t,
    noFlow: (id) => `no flow ${id}`,
  }
})
afterEach(async () => {
  await runner.close()
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

async function runAll(id: string) {
  for (let i = 0; i < 50 && (await service.get(id)).status !== 'done'; i++) {
    await runner.round()
    t += 1000
  }
  return service.get(id)
}

describe('studio broadcast host', () => {
  it('starts each recipient through RunService: sent with cost, opted out and with a person blocked', async () => {
    const flow = saveFlow('template')
    const ann = runs.contacts.ensure({ phone: '+447700900001', name: 'Ann' })
    const bob = runs.contacts.ensure({ phone: '+447700900002', name: 'Bob' })
    runs.contacts.update(bob.id, { optedIn: false })
    const cy = runs.contacts.ensure({ phone: '+447700900003', name: 'Cy' })
    new HandoverStore(db).open(cy.id, {
      id: 'hnd_1',
      since: T0,
      by: 'studio',
      runId: null,
      flowId: null,
      nodeId: null,
      until: null,
      note: null,
    })
    db.prepare('UPDATE contacts SET last_inbound_at = ? WHERE id = ?').run(T0 - HOUR, ann.id)
    const spec = BroadcastSpecSchema.parse({
      name: 'Autumn sale',
      flowId: flow.id,
      audience: {
        kind: 'contacts',
        contacts: [
          { phone: '+447700900001' },
          { phone: '+447700900002' },
          { phone: '+447700900003' },
          { phone: '+447700900004', name: 'Dee', fields: { city: 'Leeds' } },
        ],
      },
      schedule: { kind: 'now' },
    })
    const planned = await planBroadcast(spec, plan)
    expect(planned.report).toMatchObject({ willSend: 2, blocked: { opted_out: 1, with_person: 1 }, cost: { total: 4 } })
    const made = await service.create(spec, planned.recipients)
    const done = await runAll(made.id)
    expect(done.counts).toMatchObject({ total: 4, sent: 2, blocked: 2, cost: 4 })
    const rows = await service.recipients(made.id, { limit: 10 })
    expect(rows.map((r) => [r.phone, r.state, r.reason?.code ?? null, r.cost])).toEqual([
      ['+447700900001', 'sent', null, 2],
      ['+447700900002', 'blocked', 'opted_out', 0],
      ['+447700900003', 'blocked', 'with_person', 0],
      ['+447700900004', 'sent', null, 2],
    ])
    expect(rows[0]!.templates).toEqual(['autumn_sale'])
    // A new number became a contact, with the CSV's fields; its run is in Flow Logs.
    const dee = runs.contacts.byPhone('+447700900004')!
    expect(dee).toMatchObject({ name: 'Dee', fields: { city: 'Leeds' } })
    expect(db.prepare('SELECT contact_id FROM runs WHERE id = ?').get(rows[3]!.runId)).toEqual({ contact_id: dee.id })
  })

  it('a free-form start reaches only contacts inside their window; the others are blocked outside_window', async () => {
    const flow = saveFlow('text')
    const ann = runs.contacts.ensure({ phone: '+447700900001', name: 'Ann' })
    db.prepare('UPDATE contacts SET last_inbound_at = ? WHERE id = ?').run(T0 - HOUR, ann.id)
    const spec = BroadcastSpecSchema.parse({
      name: 'Coupons',
      flowId: flow.id,
      audience: { kind: 'contacts', contacts: [{ phone: '+447700900001' }, { phone: '+447700900002' }] },
      variables: { coupon: 'SAVE10' },
      schedule: { kind: 'now' },
    })
    const planned = await planBroadcast(spec, plan)
    expect(planned.report).toMatchObject({ willSend: 1, blocked: { outside_window: 1 }, startsWithTemplate: false })
    const done = await runAll((await service.create(spec, planned.recipients)).id)
    expect(done.counts).toMatchObject({ sent: 1, blocked: 1 })
    const [first, second] = await service.recipients(done.id, { limit: 10 })
    expect(second).toMatchObject({ state: 'blocked', reason: { code: 'outside_window' } })
    // The broadcast's variables reached the run as the trigger's data.
    const sent = db.prepare("SELECT payload FROM messages WHERE run_id = ? AND direction = 'out'").all(first!.runId)
    expect(JSON.stringify(sent)).toContain('Hi SAVE10')
  })
})
