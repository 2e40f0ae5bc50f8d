// `chatflow generate` on every example, then `chatflow test` on what it wrote: every reachable branch taken, every
// test passing. In process for the seven examples (a child process each would cost most of a minute on a loaded
// machine), and once through the real command line.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { GENERATED_MARK, generateCommand, generateFile, slug } from './generate'
import { collectTestFiles, runFiles } from './test'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { quotesMessageId } from '../../../shared/generate/testing/flows-sources'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-generate-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const EXPECTED: Record<string, string> = {
  'age-gate': '9/9',
  appointment: '16/18',
  catalogue: '4/4',
  'feedback-form': '8/8',
  'lead-capture': '12/12',
  loyalty: '16/16',
  'order-status': '8/8',
}

describe('chatflow generate', () => {
  it.each(Object.keys(EXPECTED))(
    '%s: writes tests that chatflow test passes, with the coverage it promised',
    async (name) => {
      const out = path.join(tmp, name)
      const flow = path.join(root, 'resources/examples', `${name}.flow.json`)
      let printed = ''
      const code = await generateFile(
        flow,
        { out },
        (s) => (printed += s),
        (s) => (printed += s),
      )
      expect(code, printed).toBe(0)
      expect(printed).toContain(`coverage resources/examples/${name}.flow.json: ${EXPECTED[name]} branches\n`)
      let played = ''
      const files = collectTestFiles(out)
      expect(files.length).toBeGreaterThan(0)
      expect(await runFiles(files, (s) => (played += s))).toBe(0)
      expect(played).toContain(`coverage resources/examples/${name}.flow.json: ${EXPECTED[name]} branches`)
      expect(played.trim().split('\n').at(-1)).toBe(`${files.length} passed, 0 failed`)
      // The summary agrees with what was written: one ✎ line per file, and the count of tests.
      expect(printed.split('\n').filter((l) => l.startsWith('✎ ')).length).toBe(files.length)
      expect(printed).toMatch(new RegExp(`\\n${files.length} tests? written in `))
    },
  )

  it('a flow that quotes {{chat_message_id}}: its tests are written and pass, and the summary says so', async () => {
    const dir = path.join(tmp, 'message-id')
    fs.mkdirSync(dir, { recursive: true })
    const flow = path.join(dir, 'ref.flow.json')
    fs.writeFileSync(flow, serialiseFlow(quotesMessageId()))
    let printed = ''
    const code = await generateFile(
      flow,
      { out: path.join(dir, 'out') },
      (s) => (printed += s),
      (s) => (printed += s),
    )
    expect(code, printed).toBe(0)
    expect(printed).not.toContain('not written')
    const files = collectTestFiles(path.join(dir, 'out'))
    expect(files.length).toBeGreaterThan(0)
    const coverage = /coverage .*: (\d+\/\d+) branches\n/.exec(printed)![1]
    let played = ''
    expect(await runFiles(files, (s) => (played += s)), played).toBe(0)
    expect(played).toContain(`: ${coverage} branches`)
    expect(printed).toContain(`\n${files.length} tests written in `)
  })

  it('replaces the tests it wrote before, and leaves other files alone', async () => {
    const out = path.join(tmp, 'again')
    const flow = path.join(root, 'resources/examples/order-status.flow.json')
    fs.mkdirSync(out, { recursive: true })
    fs.writeFileSync(path.join(out, 'mine.test.yaml'), 'name: written by hand\n')
    fs.writeFileSync(path.join(out, '99-old.test.yaml'), `${GENERATED_MARK}\nname: stale\n`)
    await generateFile(
      flow,
      { out },
      () => {},
      () => {},
    )
    const files = fs.readdirSync(out).sort()
    expect(files).toContain('mine.test.yaml')
    expect(files).not.toContain('99-old.test.yaml')
    expect(
      files
        .filter((f) => f !== 'mine.test.yaml')
        .every((f) => fs.readFileSync(path.join(out, f), 'utf8').startsWith(GENERATED_MARK)),
    ).toBe(true)
  })

  it('makes file names from test names', () => {
    expect(slug('ask_age "17" → is_adult: False → ends')).toBe('ask-age-17-is-adult-false-ends')
  })

  it('through the command line: the default folder beside the flow', () => {
    const dir = path.join(tmp, 'cli')
    fs.mkdirSync(dir)
    fs.copyFileSync(path.join(root, 'resources/examples/age-gate.flow.json'), path.join(dir, 'age-gate.flow.json'))
    const run = (...args: string[]) =>
      spawnSync(
        path.join(root, 'node_modules/.bin/tsx'),
        [path.join(root, 'electron/cli/index.ts'), 'generate', ...args],
        { cwd: dir, encoding: 'utf8', timeout: 80_000 },
      )
    const ok = run('age-gate.flow.json')
    expect(ok.status, ok.stderr).toBe(0)
    expect(ok.stdout).toContain('coverage age-gate.flow.json: 9/9 branches\n')
    const written = fs.readdirSync(path.join(dir, 'age-gate.tests', 'generated'))
    expect(written.length).toBe(4)
    expect(fs.readFileSync(path.join(dir, 'age-gate.tests', 'generated', written[0]!), 'utf8')).toContain(
      'flow: ../../age-gate.flow.json',
    )
  }, 90_000)

  it('a budget too short exits 1 and says it gave up; a bad budget is a usage error; a missing file exits 1', async () => {
    const flow = path.join(root, 'resources/examples/age-gate.flow.json')
    let printed = ''
    expect(
      await generateFile(
        flow,
        { out: path.join(tmp, 'short'), budgetMs: 0.001 },
        (s) => (printed += s),
        (s) => (printed += s),
      ),
    ).toBe(1)
    expect(printed).toMatch(/not taken: .*gave up after/)
    const errors: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (errors.push(String(s)), true))
    try {
      expect(await generateCommand.run([flow, '--time', 'soon'])).toBe(2)
      expect(await generateCommand.run([path.join(tmp, 'nothing.flow.json')])).toBe(1)
    } finally {
      spy.mockRestore()
    }
    expect(errors[0]!.split('\n')[0]).toBe("chatflow generate: --time takes a number of seconds above 0, got 'soon'")
    expect(errors[1]).toMatch(/^chatflow generate: .*nothing.flow.json: cannot read the file\n$/)
  })
})
