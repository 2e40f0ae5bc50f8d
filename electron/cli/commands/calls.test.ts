// Calls from the command line (docs/engine.md, "Calls"): `chatflow test` and `chatflow run` find the flow a Call Flow
// node calls beside the flow, or with --flows; a test can mock the call. Through the real commands: `chatflow test`
// as a child process, `chatflow run` through runCli (the command's own entry, fed lines instead of a terminal).
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { shop, verify } from '../../../shared/engine/testing/calls'
import { chat, cliRunService, runCli } from './run'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { callable, caller } from '../../../shared/engine/testing/calls'
import { flowsFrom } from '../../../shared/engine'
import { openDatabase } from '../../services/db/open'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-calls-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(file), { recursive: true })
  fs.writeFileSync(file, text)
}

// shop.flow.json and its tests in together/; the callee beside it there, and alone in elsewhere/.
const together = path.join(tmp, 'together')
const apart = path.join(tmp, 'apart')
const elsewhere = path.join(tmp, 'elsewhere')
for (const dir of [together, apart]) {
  write(path.join(dir, 'shop.flow.json'), serialiseFlow(shop))
  write(
    path.join(dir, 'shop.tests/real.yaml'),
    [
      'name: asks for the code inside the call and goes on with it',
      'contact: { name: Asha, phone: "+919800000001" }',
      'trigger: { message: shop }',
      'turns:',
      '  - bot: [{ text: "Hello +919800000001; secret: ." }, { text: "Code?" }]',
      '  - user: "1234"',
      '    bot: [{ text: "Got 1234 for +919800000001 ()" }]',
      '    variables: { call_verify.code: "1234" }',
      'end: { state: ended }',
      '',
    ].join('\n'),
  )
  write(
    path.join(dir, 'shop.tests/mocked.yaml'),
    [
      'name: the call mocked',
      'trigger: { message: shop }',
      'mocks: { call_verify: { outputs: { code: "M", phone: "+1" } } }',
      'turns:',
      '  - bot: [{ text: "Got M for +1 ()" }]',
      '',
    ].join('\n'),
  )
}
write(path.join(together, 'verify.flow.json'), serialiseFlow(verify))
write(path.join(elsewhere, 'verify.flow.json'), serialiseFlow(verify))

function chatflowTest(...args: string[]) {
  const r = spawnSync('npx', ['tsx', 'electron/cli/index.ts', 'test', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 80_000,
  })
  return { code: r.status, out: r.stdout, lines: r.stdout.trim().split('\n'), err: r.stderr }
}

describe('chatflow test with calls', () => {
  it('finds the callee beside the flow; runs it for real or mocked; --flows finds it elsewhere', () => {
    const beside = chatflowTest(path.join(together, 'shop.tests'))
    expect(beside.code).toBe(0)
    expect(beside.lines.at(-1)).toBe('2 passed, 0 failed')

    const missing = chatflowTest(path.join(apart, 'shop.tests'))
    expect(missing.code).toBe(1)
    // The mocked call runs nothing, so it passes; the real one fails by its failed port, and says why.
    expect(missing.out).toContain('+ bot message 1: "Failed: callee_missing"')
    expect(missing.lines.at(-1)).toBe('1 passed, 1 failed')

    const given = chatflowTest(path.join(apart, 'shop.tests'), '--flows', elsewhere)
    expect(given.code).toBe(0)
    expect(given.lines.at(-1)).toBe('2 passed, 0 failed')
  }, 240_000)

  it('refuses a --flows path that does not exist, with exit code 2', () => {
    const r = chatflowTest(path.join(together, 'shop.tests'), '--flows', path.join(tmp, 'nowhere'))
    expect(r.code).toBe(2)
    expect(r.err).toContain('--flows')
    expect(r.err).toContain('no such file or folder')
  }, 90_000)
})

describe('chatflow run with calls', () => {
  async function run(args: string[], input: string[]) {
    let out = ''
    let err = ''
    async function* lines() {
      yield* input
    }
    const code = await runCli(args, { input: lines, stdout: (s) => (out += s), stderr: (s) => (err += s) })
    return { code, out, err }
  }

  it('chats through the call with the callee given by --flows', async () => {
    const file = path.join(apart, 'shop.flow.json')
    const r = await run([file, '--contact', 'Asha +919800000001', '--flows', elsewhere], ['shop', '4321'])
    expect(r.code).toBe(0)
    expect(r.out).toContain('Code?')
    expect(r.out).toContain('Got 4321 for +919800000001 ()')
    expect(r.out).toContain('(run ended: completed)')
  })

  it('without it, the call leaves by failed and the chat says so', async () => {
    const r = await run([path.join(apart, 'shop.flow.json'), '--contact', 'Asha +919800000001'], ['shop'])
    expect(r.out).toContain('Failed: callee_missing')
  })

  it("names the callee's node and its form's fields when the run waits inside the call", async () => {
    const example = parseFlow(fs.readFileSync(path.join(root, 'resources/examples/feedback-form.flow.json'), 'utf8'))
    if (!example.ok) throw new Error(example.error.message)
    const form = example.document.nodes.find((n) => n.type === 'chat_flow')!
    const survey = callable(
      [
        { type: 'trigger', name: 'trigger_1', config: { kind: 'manual' } },
        { type: 'chat_flow', name: 'survey_form', config: form.config },
      ],
      [['trigger_1', 'out', 'survey_form']],
      { id: 'f_survey' },
      { inputs: [], outputs: [] },
    )
    const db = openDatabase(':memory:')
    try {
      let out = ''
      async function* lines() {
        yield 'hello'
      }
      const service = cliRunService(db, null, undefined, flowsFrom([survey]))
      const trigger = { start: 'direct' as const, trigger: { kind: 'manual' as const, operator: 'cli' } }
      await chat(caller('f_survey', {}), { trigger, db: service }, lines(), (s) => (out += s))
      expect(out).toContain('(a form: type its answers as one JSON object, e.g. {"rating":')
      expect(out).toContain('you: hello\n(no answer; the run still waits at survey_form)\n')
    } finally {
      db.close()
    }
  })
})
