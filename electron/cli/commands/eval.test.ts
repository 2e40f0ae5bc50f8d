// Runs the real CLI in a child process, as a user would.
import { describe, expect, it } from 'vitest'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

function chatflow(...args: string[]) {
  const r = spawnSync('npx', ['tsx', 'electron/cli/index.ts', 'eval', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  })
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn')),
  }
}

// Each test starts `npx tsx`, which takes seconds on a busy machine: allow a minute per test.
describe('chatflow eval', { timeout: 60_000 }, () => {
  it('prints the rendered text', () => {
    const r = chatflow(
      "Hi {{name}}, {{ {{price}} * 1.18 }} {{if({{age}} >= 18, 'Adult', 'Minor')}}",
      '--vars',
      '{"name": "Asha", "price": 100, "age": "21"}',
    )
    expect(r).toEqual({ code: 0, stdout: 'Hi Asha, 118 Adult\n', stderr: [] })
  })
  it('renders a failing placeholder empty, explains it on stderr and exits 1', () => {
    const r = chatflow('a{{ 1 / {{n}} }}b', '--vars', '{"n": 0}')
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('ab\n')
    expect(r.stderr).toEqual(["chatflow eval: error division-by-zero at 8-13 ('{{n}}'): division by zero"])
  })
  it('--check prints one JSON diagnostic per line and exits 1 on an error', () => {
    const r = chatflow('{{ price * 2 }} {{nmae}}', '--check', '--vars', '{"name": "x"}')
    expect(r.code).toBe(1)
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { code: string; start: number; end: number; severity: string; message: string })
    expect(lines.map((d) => [d.severity, d.code, d.start, d.end])).toEqual([
      ['error', 'bare-name', 3, 8],
      ['warning', 'unknown-variable', 18, 22],
    ])
    // A mistyped variable is answered with the closest name among --vars.
    expect(lines[1]!.message).toBe("unknown variable or node 'nmae': did you mean {{name}}?")
  })
  it('--check with --vars warns about a value of the wrong kind, and exits 0 on warnings only', () => {
    const r = chatflow('{{round({{order.name}})}}', '--check', '--vars', '{"order": {"name": "Kurta"}}')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ severity: 'warning', code: 'wrong-kind', start: 8, end: 22 })
  })
  it('--check exits 0 and prints nothing for a clean template', () => {
    expect(chatflow('{{sum({{a}}, 1)}}', '--check')).toEqual({ code: 0, stdout: '', stderr: [] })
  })
  it('refuses bad --vars JSON with one clear line and exit 2', () => {
    const r = chatflow('{{x}}', '--vars', '{x: ')
    expect(r.code).toBe(2)
    expect(r.stdout).toBe('')
    expect(r.stderr).toHaveLength(1)
    expect(r.stderr[0]).toMatch(/^chatflow eval: --vars is not valid JSON: .+ \(line 1, column \d+\)$/)
  })
  it('refuses --vars that is not an object, exit 2', () => {
    const r = chatflow('{{x}}', '--vars', '[1]')
    expect(r.code).toBe(2)
    expect(r.stderr).toEqual(['chatflow eval: --vars must be a JSON object of variables, e.g. {"name": "Asha"}'])
  })
})
