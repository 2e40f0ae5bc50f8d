// The conversation tests of the example flows that use the integration nodes, played against the engine with
// their mocks (no network) and an in-memory contacts store seeded from each test's `contact`.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEffects } from '../../../shared/engine/effects'
import { parseConversationTest } from '../../../shared/engine/conversation/format'
import { runConversationTest } from '../../../shared/engine/conversation/run'
import { parseFlow } from '../../../shared/flow/serialise'
import { createMemoryContacts } from '../../../shared/nodes/lead_management/run-memory-contacts'
import { nodeCatalog } from '../../../shared/nodes/runners'

const EXAMPLES = path.resolve(__dirname, '../../../resources/examples')
/** The id the conversation-test player gives its contact (shared/engine/conversation/run.ts). */
const TEST_CONTACT_ID = 'c_test'

function load(example: string) {
  const flowResult = parseFlow(fs.readFileSync(path.join(EXAMPLES, `${example}.flow.json`), 'utf8'))
  if (!flowResult.ok) throw new Error(`${example}.flow.json: ${JSON.stringify(flowResult)}`)
  const dir = path.join(EXAMPLES, `${example}.tests`)
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()
  return { flow: flowResult.document, tests: files.map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), 'utf8') })) }
}

async function play(example: string, file: string) {
  const { flow, tests } = load(example)
  const entry = tests.find((t) => t.file === file)!
  const parsed = parseConversationTest(entry.text)
  if (!parsed.ok) throw new Error(`${file}: ${parsed.message}`)
  const c = parsed.test.contact
  const contacts = createMemoryContacts([{ id: TEST_CONTACT_ID, name: c.name, phone: c.phone, fields: c.fields ?? {} }])
  const outcome = await runConversationTest(flow, parsed.test, { effects: createEffects({ contacts }), catalog: nodeCatalog })
  return { outcome, contacts }
}

for (const example of ['order-status', 'lead-capture']) {
  describe(`${example} conversation tests`, () => {
    for (const { file } of load(example).tests) {
      it(file, async () => {
        const { outcome } = await play(example, file)
        expect(outcome.failures.map((f) => `${f.where}: ${f.lines.join(' | ')}`)).toEqual([])
      })
    }
  })
}

describe('lead capture writes the contact', () => {
  it('leaves name, email, company and tags on the contact after the happy path', async () => {
    const { contacts } = await play('lead-capture', 'happy-path.yaml')
    expect(contacts.current(TEST_CONTACT_ID)).toMatchObject({
      name: 'Ana Lima',
      phone: '+15550001111',
      fields: { email: 'ana@acme.io', companyName: 'Acme Robotics', tags: ['newsletter', 'sales-lead', 'keyword-demo'] },
    })
  })

  it('leaves the contact untouched when the customer gives up', async () => {
    const { contacts } = await play('lead-capture', 'gives-up.yaml')
    expect(contacts.current(TEST_CONTACT_ID)).toMatchObject({ name: 'Test Customer', fields: {} })
  })
})
