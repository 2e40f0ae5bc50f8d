// `chatflow test --fuzz`: in process on a flow with a problem and on the examples, and once through the command line.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { buildFlow } from '../../../shared/analysis/testing/build'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { FUZZ_MARK, collectFlowFiles, fuzzFiles } from './fuzz'
import { runFiles, testCommand } from './test'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-fuzz-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

function splitFlow(dir: string): string {
  const doc = buildFlow(
    [
      ['trigger', 'trigger_1', { keywords: ['split'] }],
      ['question', 'ask_n', { prompt: 'How many people?', saveTo: 'n' }],
      ['message', 'share', { text: 'Each pays {{ 120 / {{n}} }}.' }],
      ['end', 'end_1'],
    ],
    [
      ['trigger_1', 'out', 'ask_n'],
      ['ask_n', 'out', 'share'],
      ['ask_n', 'failure', 'end_1'],
      ['share', 'out', 'end_1'],
    ],
  )
  fs.mkdirSync(dir, { recursive: true })
  const file = path.join(dir, 'split.flow.json')
  fs.writeFileSync(file, serialiseFlow(doc))
  return file
}

describe('chatflow test --fuzz', () => {
  it('reports the findings, saves each as a test that chatflow test plays, and counts conversations', async () => {
    const file = splitFlow(path.join(tmp, 'split'))
    let out = ''
    expect(await fuzzFiles([file], { runs: 60, seed: 7 }, (s) => (out += s))).toBe(1)
    expect(out).toMatch(/^fuzz .*split.flow.json: 60 conversations, \d+ failed, \d findings?\n/)
    // The last line's failed conversations are exactly those the listed findings say showed them.
    const failed = Number(/(\d+) failed$/.exec(out.trim().split('\n').at(-1)!)![1])
    const listed = [...out.matchAll(/^ {2}✗ .*\(conversation \d+(?:; (\d+) conversations showed it)?\)/gm)]
    expect(listed.length).toBeGreaterThan(0)
    expect(listed.reduce((n, m) => n + Number(m[1] ?? 1), 0)).toBe(failed)
    expect(out).toContain('✗ expression error at share (conversation ')
    expect(out).toContain('seed 7: run again with --seed 7 to play the same conversations\n')
    expect(out.trim().split('\n').at(-1)).toMatch(/^\d+ passed, [1-9]\d* failed$/)
    const saved = fs
      .readdirSync(path.join(tmp, 'split', 'split.tests', 'fuzz'))
      .map((f) => path.join(tmp, 'split', 'split.tests', 'fuzz', f))
    expect(saved.length).toBeGreaterThan(0)
    expect(fs.readFileSync(saved[0]!, 'utf8')).toMatch(
      new RegExp(
        `^${FUZZ_MARK.replace(/[.*+?^${}()|[\]\\`]/g, '\\$&')}\\n# chatflow test --fuzz 60 --seed 7, conversation \\d+: expression error at share:`,
      ),
    )
    let played = ''
    expect(await runFiles(saved, (s) => (played += s))).toBe(0)
    // The same seed plays the same conversations: the same report, word for word.
    let again = ''
    await fuzzFiles([file], { runs: 60, seed: 7 }, (s) => (again += s))
    expect(again).toBe(out)
  })

  it('finds nothing in the examples, folder by folder', async () => {
    const files = collectFlowFiles(path.join(root, 'resources/examples'))
    const names = fs.readdirSync(path.join(root, 'resources/examples')).filter((f) => f.endsWith('.flow.json'))
    expect(files.map((f) => path.basename(f))).toEqual(names.sort())
    let out = ''
    expect(await fuzzFiles(files, { runs: 25, seed: 11 }, (s) => (out += s))).toBe(0)
    expect(out.trim().split('\n').at(-1)).toBe(`${25 * names.length} passed, 0 failed`)
  })

  it('through the command line: a finding exits 1', () => {
    const file = splitFlow(path.join(tmp, 'cli'))
    const r = spawnSync(
      path.join(root, 'node_modules/.bin/tsx'),
      [path.join(root, 'electron/cli/index.ts'), 'test', '--fuzz', '40', '--seed', '3', file],
      { cwd: tmp, encoding: 'utf8', timeout: 80_000 },
    )
    expect(r.status, r.stderr).toBe(1)
    expect(r.stdout).toContain('expression error at share')
  }, 90_000)

  it('bad numbers are usage errors (exit 2) with a line that says why', async () => {
    const file = splitFlow(path.join(tmp, 'usage'))
    const errors: string[] = []
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => (errors.push(String(s)), true))
    try {
      expect(await testCommand.run(['--fuzz', 'many', file])).toBe(2)
      expect(await testCommand.run(['--fuzz', '5', '--seed=-1', file])).toBe(2)
      expect(await testCommand.run(['--seed', '5', file])).toBe(2)
    } finally {
      spy.mockRestore()
    }
    expect(errors.map((e) => e.split('\n')[0])).toEqual([
      "chatflow test: --fuzz takes a number of conversations (1 or more), got 'many'",
      "chatflow test: --seed takes a whole number from 0 to 2147483647, got '-1'",
      'chatflow test: --seed goes with --fuzz',
    ])
  })
})
