// Runs the real CLI in a child process, as a user would.
import { describe, expect, it, beforeAll, afterAll } from 'vitest'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PATH_PROBE_PROBLEMS, pathProbeFlow } from '../../../shared/analysis/testing/path-probe'
import { callerFlow, verifyFlow } from '../../../shared/analysis/testing/call-flows'
import { mkdirSync } from 'node:fs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
let dir = ''
beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'chatflow-validate-'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function chatflow(...args: string[]) {
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['electron/cli/index.ts', 'validate', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 30_000,
  })
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: r.stderr.split('\n').filter((l) => l && !l.startsWith('npm warn')),
  }
}
function file(name: string, content: string): string {
  const p = path.join(dir, name)
  writeFileSync(p, content)
  return p
}
const example = (name: string) =>
  JSON.parse(readFileSync(path.join(root, 'resources/examples', `${name}.flow.json`), 'utf8'))

describe('chatflow validate', () => {
  it('exits 0 on a clean example and says so', () => {
    const r = chatflow('resources/examples/order-status.flow.json')
    expect(r).toEqual({
      code: 0,
      stdout: 'resources/examples/order-status.flow.json: 0 error(s), 0 warning(s)\n',
      stderr: [],
    })
  })

  it('lists problems with pointer and node, and exits 1 on an error', () => {
    const doc = example('age-gate')
    doc.nodes[3].name = 'wel come'
    doc.nodes[3].config.text = 'Hi {{agee}}'
    const r = chatflow(file('broken.json', JSON.stringify(doc)))
    expect(r.code).toBe(1)
    const lines = r.stdout.trim().split('\n')
    expect(lines).toContain(
      "error   /nodes/3/name [wel come] Name 'wel come' contains a space; use only letters, digits and underscore.",
    )
    expect(lines).toContain(
      "error   /nodes/3/config/text [wel come] Message text reads {{agee}}, but there is no node or variable named 'agee'. Did you mean 'age'?",
    )
    expect(lines.at(-1)).toMatch(/broken.json: 2 error\(s\), 0 warning\(s\)$/)
  })

  it('exits 0 when there are only warnings', () => {
    const doc = example('order-status')
    doc.edges = doc.edges.filter(
      (e: { sourcePort: string; source: string }) => !(e.source === 'n_lookup' && e.sourcePort === 'failure'),
    )
    const r = chatflow(file('warn.json', JSON.stringify(doc)))
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/^warning \/nodes\/2 \[order_lookup\] 'order_lookup' has nothing connected to 'Failure'/)
  })

  it('--json prints the problems as JSON', () => {
    const doc = example('feedback-form')
    doc.webhookSecretRef = null
    const r = chatflow(file('nosecret.json', JSON.stringify(doc)), '--json')
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout)
    expect(out).toMatchObject({ ok: false, errors: 1, warnings: 0, migratedFrom: null })
    expect(out.problems[0]).toMatchObject({
      severity: 'error',
      code: 'trigger.webhook_secret',
      pointer: '/webhookSecretRef',
      nodeId: 'n_trigger',
    })
  })

  it.each([
    ['not JSON', 'bad.json', '{"nodes": [', /bad.json: Not JSON: .+\(line 1, column 12\)$/],
    ['not a flow', 'list.json', '[1, 2]', /list.json: This is not a Chatflow flow: the file must hold a JSON object.$/],
    [
      'a JSON object that is not a flow',
      'package.json',
      '{"name": "x", "version": "1.0.0"}',
      /package.json: This is not a Chatflow flow: it has no 'format' field and no 'nodes' list/,
    ],
    [
      'a bundle',
      'bundle.json',
      '{"format": "chatflow.bundle/1", "flows": []}',
      /bundle.json: This is a Chatflow bundle \(chatflow.bundle\/1\), not a single flow/,
    ],
    [
      'a bad token on line 3 (V8 quotes the text over several lines)',
      'token.json',
      '{\n  "id": "f",\n  "name": x\n}',
      /token.json: Not JSON: Unexpected character 'x' \(line 3, column 11\)$/,
    ],
    ['an empty file', 'empty.json', '', /empty.json: Not JSON: Unexpected end of JSON input \(line 1, column 1\)$/],
    [
      'a newer format',
      'new.json',
      '{"format": "chatflow.flow/9"}',
      /new.json: This flow was saved in format chatflow.flow\/9, newer than this studio reads/,
    ],
  ])('%s: one clear line on stderr, no stack, exit 1', (_t, name, content, line) => {
    const r = chatflow(file(name, content))
    expect(r.code).toBe(1)
    expect(r.stdout).toBe('')
    expect(r.stderr).toHaveLength(1)
    expect(r.stderr[0]).toMatch(line)
    expect(r.stderr[0]).toMatch(/^chatflow validate: /)
  })

  it('a missing file is one line and exit 1', () => {
    const missing = chatflow(path.join(dir, 'nope.json'))
    expect(missing.code).toBe(1)
    expect(missing.stderr).toEqual([`chatflow validate: ${path.join(dir, 'nope.json')}: no such file`])
  })

  it('reads a flow saved with a UTF-8 byte order mark', () => {
    const r = chatflow(
      file('bom.json', '\ufeff' + readFileSync(path.join(root, 'resources/examples/age-gate.flow.json'), 'utf8')),
    )
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/bom.json: 0 error\(s\), 0 warning\(s\)\n$/)
  })

  it('a directory is one line and exit 1', () => {
    const r = chatflow(dir)
    expect(r).toEqual({ code: 1, stdout: '', stderr: [`chatflow validate: ${dir}: is a directory`] })
  })

  it('reads a version-0 sketch (no format, React Flow edges) after migrating it, and says so', () => {
    const doc = example('catalogue')
    delete doc.format
    doc.edges = doc.edges.map(({ sourcePort, ...e }: { sourcePort: string }) => ({ ...e, sourceHandle: sourcePort }))
    const r = chatflow(file('sketch.json', JSON.stringify(doc)))
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(/sketch.json: 0 error\(s\), 0 warning\(s\) \(read as an older format, version 0\)\n$/)
  })

  it.each(['age-gate', 'catalogue', 'feedback-form', 'lead-capture'])('example %s validates clean (exit 0)', (name) => {
    const r = chatflow(`resources/examples/${name}.flow.json`)
    expect(r).toEqual({
      code: 0,
      stdout: `resources/examples/${name}.flow.json: 0 error(s), 0 warning(s)\n`,
      stderr: [],
    })
  })

  it("the appointment example: its menu pre-empts the router's else, a note naming every row, with why it is kept (exit 0 even --strict)", () => {
    const r = chatflow('resources/examples/appointment.flow.json', '--strict')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      "note    /nodes/2 [by_service] 'by_service' can never take 'Else': every choice that leads here goes another way (service_menu: Haircut → Hair, Colour → Hair, Manicure → Nails, Pedicure → Nails). Intentional: The example shows path analysis",
    )
    expect(r.stdout).toContain("note    /nodes/5 [unknown_service] 'unknown_service' never runs")
    expect(r.stdout).toMatch(/appointment.flow.json: 0 error\(s\), 0 warning\(s\), 2 note\(s\)\n$/)
  })

  it('--strict fails a flow with an unmarked warning (exit 1), and passes it once the warning is marked intentional', () => {
    const doc = example('appointment')
    const marked = doc.intentional
    delete doc.intentional
    const plain = file('unmarked.flow.json', JSON.stringify(doc))
    expect(chatflow(plain).code).toBe(0)
    const strict = chatflow(plain, '--strict')
    expect(strict.code).toBe(1)
    expect(strict.stdout).toMatch(/unmarked.flow.json: 0 error\(s\), 2 warning\(s\)\n$/)
    doc.intentional = marked.slice(0, 1)
    const half = chatflow(file('half.flow.json', JSON.stringify(doc)), '--strict')
    expect(half.code).toBe(1)
    expect(half.stdout).toMatch(/half.flow.json: 0 error\(s\), 1 warning\(s\), 1 note\(s\)\n$/)
  })

  it('names every kind of path problem, each with its path or reason: exit 1 for the dead end, warnings for the rest', () => {
    const r = chatflow(file('probe.flow.json', JSON.stringify(pathProbeFlow())))
    expect(r.code).toBe(1)
    for (const message of PATH_PROBE_PROBLEMS) expect(r.stdout).toContain(message)
    expect(r.stdout).toMatch(/probe.flow.json: 1 error\(s\), 5 warning\(s\)\n$/)
  })

  it('no file argument is a usage error, exit 2', () => {
    const usage = chatflow()
    expect(usage.code).toBe(2)
    expect(usage.stderr[0]).toBe('chatflow validate: expected one or more flow files, got 0')
  })

  describe('calls to other flows', () => {
    // Each case in a folder of its own: the flows beside a file are what its calls are checked against.
    const folder = (name: string, flows: Record<string, unknown>) => {
      const d = path.join(dir, name)
      mkdirSync(d, { recursive: true })
      for (const [f, doc] of Object.entries(flows)) writeFileSync(path.join(d, f), JSON.stringify(doc))
      return d
    }

    it('checks a call against the flows beside the file: the output not returned on a path is a warning', () => {
      const d = folder('beside', { 'verify.flow.json': verifyFlow(), 'orders.flow.json': callerFlow() })
      const r = chatflow(path.join(d, 'orders.flow.json'))
      expect(r.code).toBe(0)
      expect(r.stdout).toContain(
        "warning /nodes/2/config/text [thanks] Message text reads {{call_verify.phone}}, but 'Verify phone' does not return 'phone' on the path trigger_1 → ask_phone (No valid answer) → end_gave_up",
      )
      expect(r.stdout).toMatch(/orders.flow.json: 0 error\(s\), 1 warning\(s\)\n$/)
    })

    it('a callee found nowhere is an error naming it; --flows adds a folder to look in', () => {
      const callee = folder('callees', { 'verify.flow.json': verifyFlow() })
      const d = folder('alone', { 'orders.flow.json': callerFlow({ reads: 'ok {{call_verify.verified}}' }) })
      const alone = chatflow(path.join(d, 'orders.flow.json'))
      expect(alone.code).toBe(1)
      expect(alone.stdout).toContain(
        "error   /nodes/1/config/flowId [call_verify] 'call_verify' calls the flow 'flw_verify', which does not exist",
      )
      const found = chatflow(path.join(d, 'orders.flow.json'), '--flows', callee)
      expect(found).toMatchObject({ code: 0, stderr: [] })
      expect(found.stdout).toMatch(/orders.flow.json: 0 error\(s\), 0 warning\(s\)\n$/)
      expect(chatflow(path.join(d, 'orders.flow.json'), '--flows', path.join(dir, 'nope')).stderr[0]).toBe(
        `chatflow validate: --flows ${path.join(dir, 'nope')}: no such folder`,
      )
    })

    it('validates several files, each against the others, and refuses recursion naming the cycle', () => {
      const a = callerFlow({ reads: 'ok', inputs: {} })
      a.interface = { inputs: [], outputs: [] }
      const b = callerFlow({ id: 'flw_verify', name: 'Verify phone', flowId: 'flw_orders', inputs: {}, reads: 'ok' })
      b.interface = { inputs: [], outputs: [] }
      const one = file('cycle-a.json', JSON.stringify(a))
      const two = file('cycle-b.json', JSON.stringify(b))
      const r = chatflow(one, two, '--json')
      expect(r.code).toBe(1)
      const out = JSON.parse(r.stdout) as Array<{ file: string; problems: Array<{ code: string; message: string }> }>
      expect(out.map((o) => [o.file, o.problems.map((p) => p.code)])).toEqual([
        [one, ['call.cycle']],
        [two, ['call.cycle']],
      ])
      expect(out[0]!.problems[0]!.message).toContain('Orders → Verify phone → Orders')
    })
  })
})
