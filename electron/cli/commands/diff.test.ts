// Runs the real CLI in a child process, as a user or a CI job would, and checks what it prints and its exit code.
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FlowDocument } from '../../../shared/flow/document'
import { createBackend } from '../../studio/backend'
import { expectOk } from '../../studio/testing/backend'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const EXAMPLE = path.join(root, 'resources/examples/order-status.flow.json')
let dir = ''
let dataDir = ''
let flowId = ''

function chatflow(...args: string[]) {
  const r = spawnSync(path.join(root, 'node_modules/.bin/tsx'), ['electron/cli/index.ts', 'diff', ...args], {
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
const example = (): FlowDocument => JSON.parse(readFileSync(EXAMPLE, 'utf8')) as FlowDocument
function file(name: string, doc: unknown): string {
  const p = path.join(dir, name)
  writeFileSync(p, typeof doc === 'string' ? doc : JSON.stringify(doc))
  return p
}
const node = (doc: FlowDocument, id: string) => doc.nodes.find((n) => n.id === id)!

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'chatflow-diff-'))
  dataDir = path.join(dir, 'data')
  // A studio data folder with a flow of three revisions, the second named.
  const backend = createBackend({ dataDir, log: () => {} })
  try {
    const created = expectOk(await backend.call('flows.create', { name: 'Orders' }))
    flowId = created.id
    const doc = { ...example(), id: created.id, name: 'Orders' }
    expectOk(await backend.call('flows.save', { document: doc }))
    expectOk(await backend.call('revisions.name', { flowId, revision: 2, label: 'launch' }))
    node(doc, 'n_giveup').config.text = 'Bye for now.'
    expectOk(await backend.call('flows.save', { document: doc }))
  } finally {
    await backend.close()
  }
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('chatflow diff', { timeout: 180_000 }, () => {
  it('exits 0 and says so when two files differ only in positions and key order', () => {
    const moved = example()
    moved.nodes.forEach((n, i) => (n.position = { x: i * 7, y: -i }))
    moved.nodes[1]!.config = Object.fromEntries(Object.entries(moved.nodes[1]!.config).reverse())
    const b = file('moved.json', moved)
    expect(chatflow(EXAMPLE, b)).toEqual({ code: 0, stdout: `No changes from ${EXAMPLE} to ${b}.\n`, stderr: [] })
  })

  it('exits 1 and lists the changes in flow order, a rename with its rewritten references, a word diff of long texts', () => {
    const doc = example()
    const lookup = node(doc, 'n_lookup')
    lookup.name = 'shop_lookup'
    for (const n of doc.nodes) {
      const text = n.config.text
      if (typeof text === 'string') n.config.text = text.replaceAll('{{order_lookup.', '{{shop_lookup.')
    }
    doc.samples = { shop_lookup: doc.samples.order_lookup }
    node(doc, 'n_missing').config.text = String(node(doc, 'n_missing').config.text).replace('Please check', 'Check')
    doc.nodes = doc.nodes.filter((n) => n.id !== 'n_giveup')
    doc.edges = doc.edges.filter((e) => e.target !== 'n_giveup' && e.source !== 'n_giveup')
    const r = chatflow(EXAMPLE, file('edited.json', doc))
    expect(r.code).toBe(1)
    expect(r.stderr).toEqual([])
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines).toEqual([
      'Removed node too_many_tries (message)',
      'Changed node shop_lookup: renamed from order_lookup (references rewritten in order_found)',
      'Changed node order_missing: text changed',
      expect.stringMatching(/^ {4}text: ….*order \{\{order_number\}\}\. \[-Please check-\]\{\+Check\+\} the number/),
      'Removed connection ask_order (failure) → too_many_tries',
      'Removed connection too_many_tries (out) → end_1',
      expect.stringMatching(/^5 changes from .*order-status\.flow\.json to .*edited\.json\.$/),
    ])
  })

  it('prints the comparison as JSON for scripts, with the same exit code', () => {
    const doc = example()
    doc.name = 'Order status 2'
    node(doc, 'n_lookup').config.timeoutMs = 5000
    const r = chatflow('--json', EXAMPLE, file('json.json', doc))
    expect(r.code).toBe(1)
    const out = JSON.parse(r.stdout) as {
      identical: boolean
      lines: string[]
      comparison: { nodes: Array<{ id: string; status: string; fields: Array<{ path: string; kind: string }> }> }
    }
    expect(out.identical).toBe(false)
    expect(out.lines).toEqual([
      expect.stringMatching(/^Changed node order_lookup: timeoutMs: \d+ → 5000$/),
      'Flow name: "Order status" → "Order status 2"',
    ])
    expect(out.comparison.nodes.find((n) => n.id === 'n_lookup')).toMatchObject({
      status: 'changed',
      fields: [{ path: 'config.timeoutMs', kind: 'value' }],
    })
    const same = chatflow('--json', EXAMPLE, EXAMPLE)
    expect(same.code).toBe(0)
    expect(JSON.parse(same.stdout)).toMatchObject({ identical: true, lines: [] })
  })

  it("compares a studio flow's revisions by number, by version name and the draft, by id or by name", () => {
    const r = chatflow('--data-dir', dataDir, 'Orders@launch', `${flowId}@draft`)
    expect(r.stderr).toEqual([])
    expect(r.code).toBe(1)
    expect(r.stdout).toBe(
      'Changed node too_many_tries: text changed\n' +
        `    text: [-Let's stop here. Type *order* whenever you want to try again-]{+Bye for now+}.\n` +
        `1 change from Orders@launch to ${flowId}@draft.\n`,
    )
    expect(chatflow('--data-dir', dataDir, 'Orders@2', 'Orders@launch').code).toBe(0)
    expect(chatflow('--data-dir', dataDir, 'Orders@1', 'Orders@2').stdout).toMatch(/^Added node trigger_1/)
  })

  it('exits 2 and says so while a studio holds the data folder', async () => {
    const backend = createBackend({ dataDir, log: () => {} })
    try {
      expectOk(await backend.call('flows.list', {}))
      const r = chatflow('--data-dir', dataDir, 'Orders@1', 'Orders@2')
      expect(r.code).toBe(2)
      expect(r.stderr).toEqual([
        expect.stringMatching(/^chatflow diff: The studio database .* is in use by another running/),
      ])
    } finally {
      await backend.close()
    }
  })

  it('exits 2 with one clear line for bad usage and anything it cannot read', () => {
    const cases: Array<[string[], RegExp]> = [
      [[EXAMPLE], /expected two flows to compare, got 1/],
      [[EXAMPLE, EXAMPLE, '--colour'], /unknown option --colour/],
      [
        [EXAMPLE, path.join(dir, 'missing.json')],
        /missing\.json: no such file \(a revision of a studio flow is written <flow>@<revision>/,
      ],
      [[EXAMPLE, file('broken.json', '{"format": "chatflow.flow/1", ')], /broken\.json: .*JSON/i],
      [[EXAMPLE, file('notflow.json', { hello: 1 })], /notflow\.json: /],
      [[EXAMPLE, dir], /is a directory/],
      [['--data-dir', dataDir, 'Orders@9', EXAMPLE], /revision 9 of "Orders" is not kept \(its revisions are 1 to 3/],
      [['--data-dir', dataDir, 'Orders@summer', EXAMPLE], /"Orders" has no version named "summer"/],
      [['--data-dir', dataDir, 'Nope@1', EXAMPLE], /no flow with the id or name "Nope"/],
      [['--data-dir', path.join(dir, 'empty'), 'Orders@1', EXAMPLE], /there is no studio database at/],
    ]
    for (const [args, message] of cases) {
      const r = chatflow(...args)
      expect({ args, code: r.code }).toEqual({ args, code: 2 })
      expect(r.stderr.join('\n')).toMatch(message)
      expect(r.stdout).toBe('')
    }
  })
})
