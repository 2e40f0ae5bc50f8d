// Conversations the emulator records as tests replay the same in the studio and in `chatflow test`: a test started
// mid-flow with presets, a Chat Flow form submission (with the library template the flow sends), an order.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildFlow } from '../../shared/engine/testing/fixtures'
import type { FlowDocument } from '../../shared/flow/document'
import { serialiseFlow } from '../../shared/flow/serialise'
import { runFiles } from '../cli/commands/test'
import { createTempBackend, expectOk, type TempBackend } from '../studio/testing/backend'

let temp: TempBackend
let dir: string
beforeEach(() => {
  temp = createTempBackend()
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-recorded-'))
})
afterEach(async () => {
  await temp.cleanup()
  fs.rmSync(dir, { recursive: true, force: true })
})

const example = (name: string): FlowDocument =>
  JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, `../../resources/examples/${name}.flow.json`), 'utf8'))

async function store(doc: FlowDocument) {
  const api = temp.backend
  const created = expectOk(await api.call('flows.create', { name: doc.name }))
  const document = { ...doc, id: created.id }
  expectOk(await api.call('flows.save', { document }))
  return { document, t: { flowId: created.id, contactId: expectOk(await api.call('emulator.contact', {})).id } }
}

/** Saves the conversation, then plays the YAML with `chatflow test` (beside a copy of the flow) and in the studio. */
async function saveAndReplay(
  document: FlowDocument,
  t: { flowId: string; contactId: string },
  name: string,
  presets = {},
) {
  // The start panel sends the presets it started with, as here.
  const saved = expectOk(await temp.backend.call('emulator.saveTest', { ...t, name, presets }))
  fs.writeFileSync(path.join(dir, 'flow.flow.json'), serialiseFlow(document))
  fs.mkdirSync(path.join(dir, 'flow.tests'), { recursive: true })
  fs.writeFileSync(path.join(dir, 'flow.tests', 'recorded.yaml'), saved.yaml)
  let out = ''
  const code = await runFiles([path.join(dir, 'flow.tests', 'recorded.yaml')], (s) => (out += s))
  const [studio] = expectOk(await temp.backend.call('emulator.runTests', { flowId: t.flowId }))
  return { yaml: saved.yaml, cli: { code, out }, studio: studio!.lastRun! }
}

describe('recorded conversations replay in the studio and in chatflow test', () => {
  it('a test started at a node with preset variables keeps its start and presets', async () => {
    const { document, t } = await store(example('lead-capture'))
    const presets = { full_name: 'Ana Lima', work_email: 'ana@acme.com', trigger_1: { keyword: 'demo' } }
    const started = expectOk(
      await temp.backend.call('emulator.start', {
        ...t,
        trigger: { kind: 'keyword', text: 'demo' },
        startNodeId: 'n_company',
        presets,
      }),
    )
    expect(started.session.trace[0]!.nodeName).toBe('ask_company')
    expect(started.session.messages.map((m) => JSON.stringify(m.payload)).join()).toContain(
      'Which company do you work for?',
    )
    const done = expectOk(
      await temp.backend.call('emulator.send', { ...t, event: { type: 'text', text: 'Acme Robotics' } }),
    )
    expect(JSON.stringify(done.session.messages.at(-1)!.payload)).toContain('Thank you, Ana Lima!')
    expect(done.session.run!.status).toBe('ended')

    const { yaml, cli, studio } = await saveAndReplay(document, t, 'from the company question', presets)
    expect(yaml).toContain('start: ask_company')
    expect(yaml).toContain('full_name: Ana Lima')
    expect(cli.out).toContain('1 passed, 0 failed')
    expect(cli.code).toBe(0)
    expect(studio).toMatchObject({ passed: true, failures: [] })
  })

  it('refuses a start node the flow does not have', async () => {
    const { t } = await store(example('lead-capture'))
    const r = await temp.backend.call('emulator.start', {
      ...t,
      trigger: { kind: 'keyword', text: 'demo' },
      startNodeId: 'n_nope',
    })
    expect(!r.ok && r.error.code).toBe('not_found')
  })

  it('a Chat Flow form submission, with the template the flow sent carried in the test', async () => {
    expectOk(
      await temp.backend.call('integrations.saveTemplate', {
        template: {
          name: 'delivery_feedback',
          language: 'en',
          category: 'UTILITY',
          header: { type: 'none' },
          body: 'Hi {{1}}, how was order {{2}}?',
          buttons: [],
        },
      }),
    )
    const { document, t } = await store(example('feedback-form'))
    const started = expectOk(
      await temp.backend.call('emulator.start', { ...t, trigger: { kind: 'webhook', data: { order_id: 'A-7' } } }),
    )
    expect(started.session.run!.status).toBe('paused')
    // The phone's form sends the token of the form message it was opened from.
    const sent = started.session.messages.at(-1)!.payload as {
      interactive: { action: { parameters: { flow_token: string } } }
    }
    const form = {
      rating: '2',
      on_time: 'no',
      comments: 'Late',
      contact_ok: true,
      flow_token: sent.interactive.action.parameters.flow_token,
    }
    const done = expectOk(
      await temp.backend.call('emulator.send', { ...t, event: { type: 'nfm_reply', response: form } }),
    )
    expect(done.session.run!.vars).toMatchObject({ feedback_rating: '2', feedback_comments: 'Late' })
    expect(JSON.stringify(done.session.messages.at(-1)!.payload)).toContain("We're sorry order A-7 disappointed you")

    const { yaml, cli, studio } = await saveAndReplay(document, t, 'unhappy form')
    expect(yaml).toContain('form:')
    expect(yaml).toContain('comments: Late')
    expect(yaml).not.toContain('flow_token')
    expect(yaml).toContain('name: delivery_feedback')
    expect(cli.out).toContain('1 passed, 0 failed')
    expect(studio).toMatchObject({ passed: true, failures: [] })
  })

  it('an order sent from the cart', async () => {
    const doc = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['shop'] } },
        { type: 'question', name: 'cart', config: { prompt: 'Send your cart with a note.', saveTo: 'note' } },
        {
          type: 'message',
          name: 'got',
          config: {
            text: 'Got {{order.product_items.0.quantity}} × {{order.product_items.0.product_retailer_id}} ({{note}})',
          },
        },
      ],
      [
        ['trigger_1', 'out', 'cart'],
        ['cart', 'out', 'got'],
      ],
      { id: 'f_shop', name: 'Shop', active: true },
    )
    const { document, t } = await store(doc)
    expectOk(await temp.backend.call('emulator.start', { ...t, trigger: { kind: 'keyword', text: 'shop' } }))
    const order = {
      catalog_id: '1184729301',
      text: 'gift wrap',
      product_items: [{ product_retailer_id: 'TEA-SENCHA-100', quantity: 2, item_price: 9.5, currency: 'EUR' }],
    }
    const done = expectOk(await temp.backend.call('emulator.send', { ...t, event: { type: 'order', order } }))
    expect(JSON.stringify(done.session.messages.at(-1)!.payload)).toContain('Got 2 × TEA-SENCHA-100 (gift wrap)')

    const { yaml, cli, studio } = await saveAndReplay(document, t, 'order with a note')
    expect(yaml).toContain('order:')
    expect(yaml).toContain('product_retailer_id: TEA-SENCHA-100')
    expect(cli.out).toContain('1 passed, 0 failed')
    expect(studio).toMatchObject({ passed: true, failures: [] })
  })
})
