// `chatflow test` through the real CLI, on the shipped examples and on a test written to fail. A child process
// under a loaded machine can take longer than vitest's default 20 s, hence the explicit timeouts.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-test-cmd-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

function chatflow(...args: string[]) {
  const r = spawnSync('npx', ['tsx', 'electron/cli/index.ts', 'test', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 80_000,
  })
  return { code: r.status, lines: r.stdout.trim().split('\n') }
}

describe('chatflow test', () => {
  it('passes every example test, reports full branch coverage of age-gate and appointment, and ends with the count', () => {
    const r = chatflow('resources/examples/age-gate.tests', 'resources/examples/appointment.tests')
    expect(r.code).toBe(0)
    expect(r.lines).toContain('coverage resources/examples/age-gate.flow.json: 9/9 branches')
    expect(r.lines).toContain('coverage resources/examples/appointment.flow.json: 18/18 branches')
    expect(r.lines.at(-1)).toBe('18 passed, 0 failed')
  }, 90_000)

  it('prints a readable diff for a failing test, counts an unreadable one as failed, and exits 1', () => {
    const flow = path.join(root, 'resources/examples/age-gate.flow.json')
    fs.writeFileSync(
      path.join(tmp, 'wrong.test.yaml'),
      [
        `name: expects the wrong greeting`,
        `flow: ${JSON.stringify(flow)}`,
        'trigger: { message: wine }',
        'turns:',
        '  - bot: [{ text: "Hello" }]',
        '',
      ].join('\n'),
    )
    fs.writeFileSync(path.join(tmp, 'broken.test.yaml'), 'name: broken\nturns: []\n')
    const r = chatflow(tmp)
    expect(r.code).toBe(1)
    expect(r.lines).toContain('    turn 1')
    expect(r.lines).toContain('      - bot message 1: "Hello"')
    expect(r.lines).toContain('      + bot message 1: "Welcome to the cellar! How old are you?"')
    expect(r.lines.some((l) => l.includes('cannot read the test: trigger'))).toBe(true)
    expect(r.lines.at(-1)).toBe('0 passed, 2 failed')
  }, 90_000)

  it('exits 2 without arguments', () => {
    expect(chatflow().code).toBe(2)
  }, 90_000)
})
