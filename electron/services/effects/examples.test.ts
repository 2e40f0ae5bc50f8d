// The conversation tests of the example flows that use the integration nodes, played against the engine with
// their mocks (no network); the player keeps each test's `contact` in an in-memory contacts store.
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createEffects } from '../../../shared/engine/effects'
import { parseConversationTest } from '../../../shared/engine/conversation/format'
import { runConversationTest } from '../../../shared/engine/conversation/run'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { nodeCatalog } from '../../../shared/nodes/runners'

const EXAMPLES = path.resolve(__dirname, '../../../resources/examples')

function load(example: string) {
  const flowResult = parseFlow(fs.readFileSync(path.join(EXAMPLES, `${example}.flow.json`), 'utf8'))
  if (!flowResult.ok) throw new Error(`${example}.flow.json: ${JSON.stringify(flowResult)}`)
  const dir = path.join(EXAMPLES, `${example}.tests`)
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.yaml'))
    .sort()
  return {
    flow: flowResult.document,
    tests: files.map((f) => ({ file: f, text: fs.readFileSync(path.join(dir, f), 'utf8') })),
  }
}

async function play(example: string, file: string) {
  const { flow, tests } = load(example)
  const entry = tests.find((t) => t.file === file)!
  const parsed = parseConversationTest(entry.text)
  if (!parsed.ok) throw new Error(`${file}: ${parsed.message}`)
  const outcome = await runConversationTest(flow, parsed.test, { effects: createEffects(), catalog: nodeCatalog })
  return { outcome }
}

for (const example of ['order-status', 'lead-capture', 'feedback-form', 'catalogue']) {
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
  // The player keeps the test's contact in an in-memory store; Get Details reads it back after the update, so the
  // lead_ variables prove the write, and the gives-up path never reaches the Lead Management nodes.
  it('reads back what the happy path wrote', async () => {
    const { outcome } = await play('lead-capture', 'happy-path.yaml')
    expect(outcome.final?.vars).toMatchObject({
      lead_name: 'Ana Lima',
      lead_companyName: 'Acme Robotics',
      lead_tags: ['newsletter', 'sales-lead', 'keyword-demo'],
    })
  })

  it('saves nothing when the customer gives up', async () => {
    const { outcome } = await play('lead-capture', 'gives-up.yaml')
    expect(Object.keys(outcome.final?.vars ?? {}).filter((k) => k.startsWith('lead_'))).toEqual([])
  })
})
