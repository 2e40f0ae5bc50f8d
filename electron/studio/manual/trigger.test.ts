import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Database } from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CreditRuleSchema } from '../../../shared/api/commands/manual'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { openDatabase } from '../../services/db/open'
import { createStudioEffects } from '../../services/effects'
import { TemplateStore } from '../../services/effects/template-store'
import { ApiFailure } from '../../services/failure'
import { RunService } from '../../services/runs'
import { triggerManual } from './trigger'

const NOW = Date.UTC(2026, 5, 1, 12, 0, 0)
const HOUR = 3600_000
const rule = CreditRuleSchema.parse({})
let dir: string
let db: Database
let runs: RunService

const tpl = (name: string, category: string) => ({
  name,
  language: 'en',
  category,
  header: { type: 'none' },
  body: 'Hi {{1}}',
  buttons: [],
})
const start = (
  flowName: 'freeForm' | 'template' | 'utility' | 'broken',
  targets: Array<{ contactId: string } | { phone: string }>,
) => triggerManual(runs, { flow: FLOWS[flowName](), targets, data: {}, operator: 'test' }, rule, () => NOW)

const FLOWS = {
  freeForm: () =>
    buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'message', name: 'message_1', config: { text: 'Hello {{customer_name}}' } },
      ],
      [['trigger_1', 'out', 'message_1']],
    ),
  template: () => templateFlow('promo'),
  utility: () => templateFlow('order_update'),
  broken: () =>
    buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        {
          type: 'template_message',
          name: 'tpl_1',
          config: { templateName: 'promo', language: 'en', bodyParams: ['{{customer_name}}'] },
        },
        { type: 'http_call', name: 'http_call_1', config: { url: '{{nothing}}' } },
      ],
      [
        ['trigger_1', 'out', 'tpl_1'],
        ['tpl_1', 'out', 'http_call_1'],
      ],
    ),
}

function templateFlow(name: string) {
  return buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'template_message',
        name: 'tpl_1',
        config: { templateName: name, language: 'en', bodyParams: ['{{customer_name}}'] },
      },
    ],
    [['trigger_1', 'out', 'tpl_1']],
  )
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-manual-'))
  db = openDatabase(path.join(dir, 'studio.sqlite'))
  const templates = new TemplateStore(db, () => NOW)
  templates.save(tpl('promo', 'MARKETING'))
  templates.save(tpl('order_update', 'UTILITY'))
  runs = new RunService(db, { effects: createStudioEffects(db, { now: () => NOW }), serviceWindow: true })
})
afterEach(() => {
  db.close()
  fs.rmSync(dir, { recursive: true, force: true })
})

describe('manual trigger', () => {
  it('reports Succeeded, Blocked (opted out, window closed) and Failed per contact', async () => {
    const recent = runs.contacts.ensure({ phone: '+919800000001', name: 'Asha' })
    runs.contacts.touchInbound(recent.id, NOW - 2 * HOUR)
    const stale = runs.contacts.ensure({ phone: '+919800000002', name: 'Ravi' })
    runs.contacts.touchInbound(stale.id, NOW - 25 * HOUR)
    const out = runs.contacts.update(runs.contacts.ensure({ phone: '+919800000003', name: 'Meera' }).id, {
      optedIn: false,
    })
    const results = await start('freeForm', [
      { contactId: recent.id },
      { contactId: stale.id },
      { contactId: out.id },
      { phone: '98000' },
      { contactId: 'ct_nobody' },
    ])
    expect(results.map((r) => [r.target, r.status, r.error?.code ?? null])).toEqual([
      [recent.id, 'succeeded', null],
      [stale.id, 'blocked', 'outside_window'],
      [out.id, 'blocked', 'opted_out'],
      ['98000', 'failed', 'invalid_phone'],
      ['ct_nobody', 'failed', 'contact_not_found'],
    ])
    expect(results[1]!.error!.message).toMatch(/Ravi has not written in the last 24 hours/)
    expect(results[3]!.error!.message).toContain('country code')
    // Each start is a real run in the Flow Logs, with its messages.
    expect(runs.runs.state(results[0]!.runId!)).toMatchObject({ status: 'ended' })
    expect(runs.runs.state(results[1]!.runId!)).toMatchObject({ status: 'failed', error: { code: 'outside_window' } })
  })

  it('sends a template outside the window to a typed number, created as a contact, and costs it by category', async () => {
    const [r] = await start('template', [{ phone: '+44 7700 900123' }])
    expect(r).toMatchObject({
      status: 'succeeded',
      phone: '+447700900123',
      cost: 2,
      templates: [{ name: 'promo', category: 'MARKETING', credits: 2 }],
    })
    expect(runs.contacts.byPhone('+447700900123')).not.toBeNull()
  })

  it('a utility template is free inside the window and charged outside it', async () => {
    const inWindow = runs.contacts.ensure({ phone: '+919800000004' })
    runs.contacts.touchInbound(inWindow.id, NOW - HOUR)
    const outside = runs.contacts.ensure({ phone: '+919800000005' })
    const results = await start('utility', [{ contactId: inWindow.id }, { contactId: outside.id }])
    expect(results.map((r) => [r.status, r.cost])).toEqual([
      ['succeeded', 0],
      ['succeeded', 1],
    ])
  })

  it('reports Failed with the error message when the flow fails after its first message, and still counts what was sent', async () => {
    const [r] = await start('broken', [{ phone: '+919800000006' }])
    expect(r!.status).toBe('failed')
    expect(r!.error!.code).toBe('http_invalid_url')
    expect(r!.cost).toBe(2)
  })

  it('starts once per contact and refuses a sixth contact with a clear message', async () => {
    const c = runs.contacts.ensure({ phone: '+919800000007' })
    runs.contacts.touchInbound(c.id, NOW - HOUR)
    const twice = await start('freeForm', [{ contactId: c.id }, { phone: '+919800000007' }])
    expect(twice.map((r) => [r.status, r.error?.code ?? null])).toEqual([
      ['succeeded', null],
      ['failed', 'duplicate_contact'],
    ])
    const six = Array.from({ length: 6 }, (_, i) => ({ phone: `+91980000010${i}` }))
    const err = await start('freeForm', six).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiFailure)
    expect(err).toMatchObject({ code: 'too_many_contacts' })
    expect((err as Error).message).toBe(
      'A manual trigger starts a flow for at most 5 contacts at a time; 6 were picked. Remove 1.',
    )
    expect(runs.contacts.byPhone('+919800000100')).toBeNull()
  })
})
