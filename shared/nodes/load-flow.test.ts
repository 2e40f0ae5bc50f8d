// The fixture documents of older node versions kept in the repo (shared/flow/testing/fixtures/node-versions/) are
// loaded, migrated, validated and run the same as their current-version twin.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { FlowDocument } from '../flow/document'
import { serialiseFlow } from '../flow/serialise'
import { validateFlow } from '../analysis/validate'
import { startRun } from '../engine'
import { ASHA, RAVI, testDeps } from '../engine/testing/fixtures'
import type { Contact, TriggerInput } from '../engine/types'
import { NODE_VERSIONS, parseFlow, upgradeNodes } from './load-flow'
import { NODE_MODULES } from './modules'
import { MESSAGE_V2, NODE_VERSION_FIXTURES, registerNodeVersion } from './testing/versions'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const fixture = (name: string) => fs.readFileSync(path.join(ROOT, NODE_VERSION_FIXTURES, `${name}.flow.json`), 'utf8')

function load(name: string): FlowDocument {
  const r = parseFlow(fixture(name))
  if (!r.ok) throw new Error(r.error.message)
  return r.document
}

const hello: TriggerInput = {
  kind: 'keyword',
  keyword: 'hello',
  message: { type: 'text', text: 'hello', id: 'wamid.1' },
}

/** What a customer sees and what the run records, for each contact (one known by name, one not). */
async function conversation(doc: FlowDocument) {
  const out = []
  for (const contact of [ASHA, { ...RAVI, name: '' } as Contact]) {
    const step = await startRun(doc, { contact, trigger: hello }, testDeps().deps)
    out.push({
      status: step.state.status,
      messages: step.messages,
      path: step.trace.map((t) => t.nodeName),
      vars: step.state.vars,
    })
  }
  return out
}

let restore: (() => void) | null = null
afterEach(() => {
  restore?.()
  restore = null
})

describe('node versions of this build', () => {
  it('every node type has a version from 1 and one described migration from each older version', async () => {
    const { historyProblems } = await import('../flow/node-versions')
    expect(NODE_MODULES.flatMap((m) => historyProblems(m))).toEqual([])
    expect([...NODE_VERSIONS.keys()]).toEqual(NODE_MODULES.map((m) => m.type))
  })
})

describe('a document written before node versions', () => {
  it('loads with every node at version 1, validates and runs exactly as its current twin', async () => {
    const old = load('before-versions')
    const current = load('current')
    expect(old).toEqual(current)
    expect(old.nodes.map((n) => n.typeVersion)).toEqual(old.nodes.map(() => 1))
    expect(validateFlow(old)).toEqual(validateFlow(current))
    expect(validateFlow(old).filter((p) => p.severity === 'error')).toEqual([])
    expect(await conversation(old)).toEqual(await conversation(current))
    // Saved again, it is its twin byte for byte.
    expect(serialiseFlow(old)).toBe(fixture('current'))
  })
})

describe('a document of an older node version (a test-only Message 2, whose version 1 called the text body)', () => {
  it('loads migrated node by node, validates and runs exactly as its current twin', async () => {
    // The twin: today's document, read before the test-only version is registered, its Messages at version 2 (the
    // shape they already have).
    const twin = load('current')
    for (const n of twin.nodes) if (n.type === 'message') n.typeVersion = 2
    restore = registerNodeVersion(MESSAGE_V2)
    const r = parseFlow(fixture('message-v1-body'))
    if (!r.ok) throw new Error(r.error.message)
    expect(r.migratedNodes.map((m) => [m.nodeName, m.from, m.to])).toEqual([
      ['greet', 1, 2],
      ['welcome_back', 1, 2],
      ['welcome_new', 1, 2],
    ])
    expect(r.document).toEqual(twin)
    expect(validateFlow(r.document)).toEqual(validateFlow(twin))
    const talk = await conversation(r.document)
    expect(talk).toEqual(await conversation(twin))
    expect(talk[0]!.messages).toEqual([
      { type: 'text', text: { body: 'Hello Asha' } },
      { type: 'text', text: { body: 'Welcome back, Asha. You said Hello Asha' } },
    ])
  })

  it('without the migration the same file would greet nobody: the test can fail', async () => {
    const r = parseFlow(fixture('message-v1-body'))
    expect(r.ok && validateFlow(r.document).some((p) => p.code === 'config.required')).toBe(true)
  })

  it('a stored document (no format step) is migrated by the same function', () => {
    restore = registerNodeVersion(MESSAGE_V2)
    const stored = JSON.parse(fixture('message-v1-body')) as FlowDocument
    const r = upgradeNodes(stored)
    expect(r.ok && r.migrated).toBe(3)
    expect(r.ok && r.document.nodes.find((n) => n.name === 'greet')).toMatchObject({
      typeVersion: 2,
      config: { text: 'Hello {{customer_name}}' },
    })
  })
})

describe('a document of a node version newer than this build', () => {
  it('is refused with the node and both versions named', () => {
    const r = parseFlow(fixture('newer'))
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'node.newer',
        message:
          "Node 'welcome_back' is version 7 of the Message node type (message), but this build knows only up to version 1. Update Chatflow to open, validate or run this flow.",
        pointer: '/nodes/3/typeVersion',
      },
    })
  })
})

describe('whole-document migration runs first', () => {
  it('a version-0 sketch without node versions is brought to format 1, then its nodes to their versions', () => {
    restore = registerNodeVersion(MESSAGE_V2)
    const sketch = JSON.parse(fixture('message-v1-body')) as Record<string, unknown> & {
      edges: Record<string, unknown>[]
    }
    delete sketch.format
    sketch.edges = sketch.edges.map(({ sourcePort, ...e }) => ({
      ...e,
      sourceHandle: sourcePort,
    }))
    const r = parseFlow(JSON.stringify(sketch))
    expect(r.ok && r.migratedFrom).toBe(0)
    expect(r.ok && r.migratedNodes.length).toBe(3)
    expect(r.ok && r.document.edges[0]).toEqual({ id: 'e1', source: 'n_trigger', sourcePort: 'out', target: 'n_greet' })
  })
})
