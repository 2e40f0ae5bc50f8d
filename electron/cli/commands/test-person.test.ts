// `chatflow test` plays a person taking over (docs/testing.md, "A person takes over"): the Hand over node puts the
// conversation with a person, the bot stays silent while the customer writes, the person answers and hands back with
// variables, and the flow goes on by `returned` with them; coverage counts `returned`. A test that expects the bot to
// answer during the takeover fails, saying why. `chatflow generate` writes hand-backs with values for the variables
// the node declares the person sets, aimed at the branches after `returned`, and `chatflow test` passes them.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { buildFlow } from '../../../shared/engine/testing/fixtures'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { generateFile } from './generate'
import { collectTestFiles, runFiles } from './test'

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-test-person-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const flow = buildFlow(
  [
    { type: 'trigger', name: 'trigger_1', config: { kind: 'keyword', keywords: ['refund'] } },
    { type: 'hand_over', name: 'agent', config: { message: 'A person will help you.', note: 'Refund' } },
    {
      type: 'condition',
      name: 'done',
      config: { join: 'and', rules: [{ left: '{{resolved}}', operator: 'equals', right: 'true' }] },
    },
    { type: 'message', name: 'thanks', config: { text: 'Glad we sorted it, {{customer_name}}.' } },
    { type: 'message', name: 'sorry', config: { text: 'Sorry, we will call you.' } },
  ],
  [
    ['trigger_1', 'out', 'agent'],
    ['agent', 'returned', 'done'],
    ['done', 'true', 'thanks'],
    ['done', 'false', 'sorry'],
  ],
  { name: 'Refunds' },
)

function write(name: string, lines: string[]): string {
  const file = path.join(tmp, 'refunds.tests', `${name}.test.yaml`)
  fs.writeFileSync(file, lines.join('\n') + '\n')
  return file
}

describe('chatflow test: a person takes over', () => {
  fs.writeFileSync(path.join(tmp, 'refunds.flow.json'), serialiseFlow(flow))
  fs.mkdirSync(path.join(tmp, 'refunds.tests'))

  it('hands back with variables and the flow continues on returned', async () => {
    const test = write('resolved', [
      'name: the person resolves it',
      'contact: { name: Asha, phone: "+919800000001" }',
      'trigger: { message: refund }',
      'turns:',
      '  - bot: [{ text: A person will help you. }]',
      '  - user: where is my money',
      '    ignored: with_person',
      '    bot: []',
      '  - person: I refunded you just now',
      '    bot: []',
      '  - person: { hands_back: { resolved: true } }',
      '    bot: [{ text: "Glad we sorted it, Asha." }]',
      '    variables: { resolved: true, agent.handover.by: studio }',
      'end: { state: ended }',
    ])
    let out = ''
    expect(await runFiles([test], (s) => (out += s)), out).toBe(0)
    expect(out).toContain('the person resolves it')
    expect(out).toMatch(/coverage .*refunds\.flow\.json: 4\/6 branches \(not taken: done → false, sorry → out\)/)
  })

  it('fails a test that expects the bot to answer while a person has the conversation', async () => {
    const test = write('answered', [
      'name: expects the bot',
      'trigger: { message: refund }',
      'turns:',
      '  - user: where is my money',
      '    bot: [{ text: anything }]',
    ])
    let out = ''
    expect(await runFiles([test], (s) => (out += s))).toBe(1)
    expect(out).toContain('a person has the conversation, so the bot stays silent until it is handed back')
  })

  it('chatflow generate hands back the declared variables with values that take both branches; chatflow test passes', async () => {
    const declared = {
      ...flow,
      nodes: flow.nodes.map((n) =>
        n.type === 'hand_over' ? { ...n, config: { ...n.config, handsBack: ['resolved'] } } : n,
      ),
    }
    const file = path.join(tmp, 'declared.flow.json')
    fs.writeFileSync(file, serialiseFlow(declared))
    const out = path.join(tmp, 'declared.tests')
    let printed = ''
    const code = await generateFile(
      file,
      { out },
      (s) => (printed += s),
      (s) => (printed += s),
    )
    expect(code, printed).toBe(0)
    expect(printed).toMatch(/declared\.flow\.json: 6\/6 branches/)
    const files = collectTestFiles(out)
    const written = files.map((f) => fs.readFileSync(f, 'utf8')).join('\n')
    expect(written).toMatch(/hands_back:\s*\{?\s*resolved: "?true"?/)
    let played = ''
    expect(await runFiles(files, (s) => (played += s)), played).toBe(0)
    expect(played).toMatch(/declared\.flow\.json: 6\/6 branches/)
  })
})
