import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { parseFlow } from '../../../shared/nodes/load-flow'
import type { FlowDocument } from '../../../shared/flow/document'
import { DB_FILE_NAME } from '../../studio/backend'
import { openDatabase, type Database } from '../../services/db/open'
import { RunService } from '../../services/runs'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import type { MessageTemplate } from '../../../shared/nodes/template_message/run-template'
import { readLibrary } from './library'
import { chat, cliRunService } from './run'
import { parseTrigger } from './run-options'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
function example(name: string): FlowDocument {
  const loaded = parseFlow(fs.readFileSync(path.join(root, 'resources/examples', `${name}.flow.json`), 'utf8'))
  if (!loaded.ok) throw new Error(loaded.error.message)
  return loaded.document
}

async function* lines(...input: string[]) {
  yield* input
}

let db: Database
beforeEach(() => {
  db = openDatabase(':memory:')
})
afterEach(() => db.close())

describe('chatflow run (the chat loop)', () => {
  it('chats through a keyword flow: numbered buttons, answers by number or title, the run persisted', async () => {
    const out: string[] = []
    const service = new RunService(db)
    const code = await chat(
      example('age-gate'),
      { contact: 'Asha +919800000001', db: service },
      lines('wine', '15', '1', '30'),
      (s) => out.push(s),
    )
    expect(code).toBe(0)
    expect(out.join('')).toBe(
      [
        'chatting with "Age gate" as Asha (+919800000001); /quit to leave',
        '(type the message that starts the flow)',
        'you: wine',
        'bot: Welcome to the cellar! How old are you?',
        'you: 15',
        'bot: Sorry, you must be 18 or older. You typed 15. Did you mistype?',
        '     [1] Try again  [2] Exit',
        'you: 1',
        'bot: Welcome to the cellar! How old are you?',
        'you: 30',
        'bot: Thanks! Our wine list is at https://example-cellar.com/wines. Cheers, Asha!',
        '(run ended: completed)',
        '',
      ].join('\n'),
    )
    const contact = service.contacts.byPhone('+919800000001')!
    const runs = db.prepare('SELECT id, status FROM runs WHERE contact_id = ?').all(contact.id) as Array<{
      id: string
      status: string
    }>
    expect(runs).toEqual([{ id: expect.any(String), status: 'ended' }])
    expect(service.runs.trace(runs[0]!.id).length).toBeGreaterThan(6)
    expect(service.runs.messages(runs[0]!.id).filter((m) => m.direction === 'out')).toHaveLength(4)
  })

  it('prints a list menu with numbered rows and takes a row title', async () => {
    const out: string[] = []
    await chat(
      example('appointment'),
      { trigger: { start: 'event', event: { type: 'text', text: 'book' } }, db: new RunService(db) },
      lines('Colour', '/quit', 'never read'),
      (s) => out.push(s),
    )
    const text = out.join('')
    expect(text).toContain('bot: *Studio Aurora*\n     Hi Test Customer, which service would you like to book?\n')
    expect(text).toContain('     (list: See services)\n     Hair\n       1) Haircut — 45 min · from €35\n')
    expect(text).toContain(
      'bot: Which day suits you for your Colour? Write it as you like: Thursday, tomorrow, 12 March…\n',
    )
    expect(text).not.toContain('never read')
  })

  it('says an inactive flow does not start from its keyword, and starts it with --trigger manual', async () => {
    const flow = { ...example('age-gate'), active: false }
    const out: string[] = []
    await chat(flow, { db: new RunService(db) }, lines('wine'), (s) => out.push(s))
    const text = out.join('')
    expect(text).toContain('(the flow is inactive: its keywords do not start it, as in production;')
    expect(text).toContain('(the flow "Age gate" is inactive, so this keyword starts nothing, as in production)\n')
    const manual: string[] = []
    await chat(flow, { trigger: parseTrigger('manual') as never, db: new RunService(db) }, lines(), (s) =>
      manual.push(s),
    )
    expect(manual.join('')).toContain('bot: Welcome to the cellar! How old are you?')
  })
})

describe('chatflow run of a button-click flow', () => {
  const flow = buildFlow(
    [
      {
        type: 'trigger',
        name: 'trigger_1',
        config: { kind: 'button_click', payloadPrefix: 'order_', targetVariable: 'order_ref' },
      },
      { type: 'message', name: 'm', config: { text: 'Order {{order_ref}}' } },
    ],
    [['trigger_1', 'out', 'm']],
  )

  it('extracts the payload after the prefix with --trigger button:<payload>', async () => {
    const out: string[] = []
    await chat(flow, { trigger: parseTrigger('button:order_42') as never, db: new RunService(db) }, lines(), (s) =>
      out.push(s),
    )
    expect(out.join('')).toContain('bot: Order 42\n')
  })

  it('gives the tap its title with --trigger button:{"id","title"}, and an ad its fields with the message text', async () => {
    const tapped = buildFlow(
      [
        {
          type: 'trigger',
          name: 'trigger_1',
          config: { kind: 'button_click', payloadPrefix: 'order_', targetVariable: 'order_ref' },
        },
        {
          type: 'message',
          name: 'm',
          config: { text: 'Order {{order_ref}} via "{{_last_button_text}}" ({{initial_message}})' },
        },
      ],
      [['trigger_1', 'out', 'm']],
    )
    const out: string[] = []
    await chat(
      tapped,
      { trigger: parseTrigger('button:{"id":"order_42","title":"Track"}') as never, db: new RunService(db) },
      lines(),
      (s) => out.push(s),
    )
    expect(out.join('')).toContain('bot: Order 42 via "Track" (Track)\n')
    const ad = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'ad_click' } },
        {
          type: 'message',
          name: 'm',
          config: { text: '{{trigger_1.ad.headline}} #{{trigger_1.ad.source_id}}: {{trigger_1.message}}' },
        },
      ],
      [['trigger_1', 'out', 'm']],
    )
    const said: string[] = []
    await chat(
      ad,
      {
        trigger: parseTrigger('ad:{"headline":"Sale","source_id":"12","text":"Is it in stock?"}') as never,
        db: new RunService(db),
      },
      lines(),
      (s) => said.push(s),
    )
    expect(said.join('')).toContain('bot: Sale #12: Is it in stock?\n')
  })

  it('says how to give the payload when started without --trigger', async () => {
    const out: string[] = []
    await chat(flow, { db: new RunService(db) }, lines(), (s) => out.push(s))
    expect(out.join('')).toContain(
      '(started by an operator; this flow starts from a button click: --trigger button:<payload> sets its variables)\n',
    )
  })
})

describe('chatflow run at a Chat Flow form', () => {
  it('names the form’s fields, says the run still waits on other text, refuses broken JSON, and submits a JSON object', async () => {
    // The feedback example with the examples' library: its template first, then the form.
    const read = readLibrary(path.join(root, 'resources/examples/library.json'))
    if (!read.ok) throw new Error(read.message)
    const out: string[] = []
    const answer = '{"rating":"5","on_time":"yes","comments":"","contact_ok":false}'
    const code = await chat(
      example('feedback-form'),
      { trigger: parseTrigger('webhook:{"order_id":"A1"}') as never, db: cliRunService(db, read.items) },
      lines('hello', '{"rating":', answer),
      (s) => out.push(s),
    )
    expect(code).toBe(0)
    const text = out.join('')
    expect(text).toContain(
      'bot: [template delivery_feedback (en)]\n     Hi Test Customer, how was the delivery of order A1?\n',
    )
    expect(text).toContain(
      '     (a form: type its answers as one JSON object, e.g. {"rating": "…", "on_time": "…", "comments": "…", "contact_ok": "…"})\n',
    )
    expect(text).toContain('you: hello\n(no answer; the run still waits at feedback_form)\n')
    expect(text).toContain(
      'you: {"rating":\n(the form answer must be one JSON object on one line, e.g. {"rating": "5"})\n',
    )
    expect(text).toContain(`you: ${answer}\nbot: Thanks for your feedback, Test Customer!`)
    expect(text).toContain('(run ended: completed)\n')
  }, 30_000)
})

describe('chatflow run with a whole webhook request', () => {
  it("makes the request's data variables and its button_id a tap, as the flow's webhook does", async () => {
    const read = readLibrary(path.join(root, 'resources/examples/library.json'))
    if (!read.ok) throw new Error(read.message)
    const out: string[] = []
    const trigger = parseTrigger('webhook-request:{"data":{"order_id":"A-1004"},"button_id":"rate_now"}')
    const code = await chat(
      example('feedback-form'),
      { trigger: trigger as never, db: cliRunService(db, read.items), contact: 'Ravi +919800000004' },
      lines('/vars', '{"rating":"4","on_time":"yes"}'),
      (s) => out.push(s),
    )
    expect(code).toBe(0)
    const text = out.join('')
    // The tap on the template's button skips the template and goes straight to the form.
    expect(text).toContain('How did we do with order A-1004?')
    expect(text).toMatch(/button_id\W+rate_now/)
    expect(text).toContain('Thanks for your feedback, Ravi!')
  }, 30_000)
})

describe('chatflow run at a Template Message', () => {
  const template: MessageTemplate = {
    name: 'promo',
    language: 'en',
    category: 'MARKETING',
    header: { type: 'text', text: 'Hello {{1}}' },
    body: 'Your code is {{1}}.',
    footer: 'Reply STOP to opt out',
    buttons: [
      { type: 'quick_reply', text: 'Get offer' },
      { type: 'quick_reply', text: 'Not now' },
      { type: 'url', text: 'Shop', url: 'https://shop.example/{{1}}' },
    ],
  }
  const flow = buildFlow(
    [
      { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
      {
        type: 'template_message',
        name: 'promo_1',
        config: {
          templateName: 'promo',
          language: 'en',
          header: { type: 'text', param: '{{customer_name}}' },
          bodyParams: ['SAVE10'],
          buttonUrlParam: 'autumn',
          quickReplies: [{ payload: 'offer_yes' }, { payload: 'offer_no' }],
        },
      },
      {
        type: 'trigger',
        name: 'tap',
        config: { kind: 'button_click', payloadPrefix: 'offer_', targetVariable: 'choice' },
      },
      { type: 'message', name: 'answer', config: { text: 'You chose {{choice}} ({{_last_template_button_clicked}})' } },
    ],
    [
      ['trigger_1', 'out', 'promo_1'],
      ['tap', 'out', 'answer'],
    ],
  )

  it('prints the filled template with numbered quick replies, and a typed number taps one', async () => {
    const out: string[] = []
    await chat(
      flow,
      { contact: 'Asha +919800000001', db: cliRunService(db, { templates: [template], catalog: [] }) },
      lines('1'),
      (s) => out.push(s),
    )
    const text = out.join('')
    expect(text).toContain(
      [
        'bot: [template promo (en)]',
        '     *Hello Asha*',
        '     Your code is SAVE10.',
        '     _Reply STOP to opt out_',
        '     [1] Get offer  [2] Not now',
        '     (link: Shop → https://shop.example/autumn)',
        '',
      ].join('\n'),
    )
    expect(text).toContain('you: 1\nbot: You chose yes (offer_yes)\n')
  }, 30_000)
})

describe('chatflow run with the studio effects', () => {
  it('runs Lead Management and a Script against the real contacts store and sandbox', async () => {
    const flow = buildFlow(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'lead_management', name: 'lead_1', config: { action: 'get_details' } },
        {
          type: 'script',
          name: 'script_1',
          config: { code: 'return { shout: input.n.toUpperCase() }', inputs: [{ name: 'n', value: '{{lead_name}}' }] },
        },
        { type: 'message', name: 'message_1', config: { text: 'Hello {{script_1.shout}} ({{lead_phone}})' } },
      ],
      [
        ['trigger_1', 'out', 'lead_1'],
        ['lead_1', 'out', 'script_1'],
        ['script_1', 'success', 'message_1'],
      ],
    )
    const out: string[] = []
    const code = await chat(flow, { contact: 'Asha +919800000001', db: cliRunService(db) }, lines(), (s) => out.push(s))
    expect(out.join('')).toContain('bot: Hello ASHA (+919800000001)')
    expect(code).toBe(0)
  }, 30_000)
})

describe('chatflow run in a terminal (a child process fed through stdin)', () => {
  it('chats by typed lines, exits 0 at the end of input, and leaves the run in the studio database with --data-dir', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-run-cli-'))
    try {
      const r = spawnSync(
        'npx',
        [
          'tsx',
          'electron/cli/index.ts',
          'run',
          'resources/examples/appointment.flow.json',
          '--contact',
          'Asha +919800000001',
          '--data-dir',
          dir,
        ],
        { cwd: root, encoding: 'utf8', input: 'book\nmanicure\ntomorrow\n', timeout: 80_000 },
      )
      expect(r.stderr).not.toMatch(/chatflow run|Error/) // npx may warn about npm's own config here
      expect(r.status).toBe(0)
      expect(r.stdout).toContain('       3) Manicure — 40 min · €25\n')
      expect(r.stdout).toContain('you: manicure\nbot: The nail studio is open Monday to Friday.\n')
      // "tomorrow" is read on the real clock in the flow's time zone (Europe/London) and saved as a date.
      expect(r.stdout).toMatch(/you: tomorrow\nbot: Booked: Manicure on \d{4}-\d{2}-\d{2}\./)
      expect(r.stdout).toContain('(run ended: completed)\n')

      const studio = openDatabase(path.join(dir, DB_FILE_NAME))
      try {
        const service = new RunService(studio)
        const contact = service.contacts.byPhone('+919800000001')!
        const [run] = studio.prepare('SELECT id FROM runs WHERE contact_id = ?').pluck().all(contact.id) as string[]
        expect(service.runs.summary(run!)).toMatchObject({
          status: 'ended',
          endReason: 'completed',
          triggerKind: 'keyword',
        })
        expect(service.runs.trace(run!).map((t) => t.nodeName)).toContain('service_menu')
        expect(service.runs.messages(run!).filter((m) => m.direction === 'in')).toHaveLength(3)

        // While a studio holds that database, the CLI says so and exits 1 instead of reporting an internal error.
        const busy = spawnSync(
          'npx',
          ['tsx', 'electron/cli/index.ts', 'run', 'resources/examples/appointment.flow.json', '--data-dir', dir],
          {
            cwd: root,
            encoding: 'utf8',
            input: 'book\n',
            timeout: 80_000,
          },
        )
        expect(busy.status).toBe(1)
        expect(busy.stderr).toContain('chatflow run: The studio database')
        expect(busy.stderr).toContain('is in use by another running Chatflow Studio')
        expect(busy.stderr).not.toContain('internal error')
      } finally {
        studio.close()
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  }, 90_000)
})
