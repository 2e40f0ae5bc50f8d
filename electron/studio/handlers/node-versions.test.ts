// Every way a document enters the studio migrates its nodes through the one function (shared/nodes/load-flow.ts):
// opening a stored flow and its revisions, saving, exporting, importing and publishing. The older version is the
// test-only Message 2 of shared/nodes/testing/versions.ts (its version 1 called the text `body`); the newer one a
// Message at version 7, which no build knows.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import type { FlowDocument } from '../../../shared/flow/document'
import { MESSAGE_V2, NODE_VERSION_FIXTURES, registerNodeVersion } from '../../../shared/nodes/testing/versions'
import { DB_FILE_NAME } from '../backend'
import { openDatabase } from '../../services/db/open'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
const fixtureText = (name: string) =>
  fs.readFileSync(path.join(ROOT, NODE_VERSION_FIXTURES, `${name}.flow.json`), 'utf8')
const fixture = (name: string) => JSON.parse(fixtureText(name)) as FlowDocument

const temps: TempBackend[] = []
let restore: (() => void) | null = null
afterEach(async () => {
  restore?.()
  restore = null
  await Promise.all(temps.splice(0).map((t) => t.cleanup()))
})

const messages = (doc: FlowDocument) =>
  doc.nodes.filter((n) => n.type === 'message').map((n) => [n.typeVersion, n.config.text])
const MIGRATED = [
  [2, 'Hello {{customer_name}}'],
  [2, 'Welcome back, {{customer_name}}. You said {{greet.text}}'],
  [2, 'Welcome!'],
]

/** A studio whose database holds `doc` as an older build stored it (flow and first revision), byte for byte. */
async function storedByOlderBuild(doc: FlowDocument) {
  const t = createTempBackend()
  temps.push(t)
  const created = expectOk(await t.backend.call('flows.create', {}))
  await t.backend.close()
  const db = openDatabase(path.join(t.dataDir, DB_FILE_NAME))
  const json = JSON.stringify({ ...doc, id: created.id })
  db.prepare('UPDATE flows SET document = ? WHERE id = ?').run(json, created.id)
  db.prepare('UPDATE flow_revisions SET document = ? WHERE flow_id = ?').run(json, created.id)
  db.close()
  return { api: await t.reopen(), id: created.id }
}

describe('a flow stored by a build that knew an older node version', () => {
  it('opens, shows its revisions, saves and exports with its nodes migrated', async () => {
    restore = registerNodeVersion(MESSAGE_V2)
    const { api, id } = await storedByOlderBuild(fixture('message-v1-body'))
    const opened = expectOk(await api.call('flows.get', { id }))
    expect(messages(opened.document)).toEqual(MIGRATED)
    expect(messages(expectOk(await api.call('revisions.get', { flowId: id, revision: 1 })).document)).toEqual(MIGRATED)
    const exported = expectOk(await api.call('transfer.export', { flowIds: [id] }))
    expect(exported.text).toContain('"typeVersion": 2')
    expect(exported.text).not.toContain('"body"')
    // Saved back, it is stored at this build's versions.
    expectOk(await api.call('flows.save', { document: opened.document }))
    expect(messages(expectOk(await api.call('revisions.get', { flowId: id, revision: 2 })).document)).toEqual(MIGRATED)
  })

  it('is refused with the node and versions named when a node is newer than this build', async () => {
    const { api, id } = await storedByOlderBuild(fixture('newer'))
    const r = await api.call('flows.get', { id })
    expect(r.ok ? null : r.error).toMatchObject({
      code: 'node.newer',
      message: expect.stringContaining("Node 'welcome_back' is version 7 of the Message node type (message)"),
    })
  })
})

describe('documents a client sends', () => {
  it('a save of older nodes is migrated, of a newer node refused with nothing stored', async () => {
    const t = createTempBackend()
    temps.push(t)
    const api = t.backend
    const { id } = expectOk(await api.call('flows.create', {}))
    restore = registerNodeVersion(MESSAGE_V2)
    expectOk(await api.call('flows.save', { document: { ...fixture('message-v1-body'), id } }))
    expect(messages(expectOk(await api.call('flows.get', { id })).document)).toEqual(MIGRATED)
    const refused = await api.call('flows.save', { document: { ...fixture('newer'), id } })
    expect(refused.ok ? null : refused.error.code).toBe('node.newer')
    expect(expectOk(await api.call('flows.get', { id })).revision).toBe(2)
  })

  it('an import migrates older nodes and refuses a newer one', async () => {
    const t = createTempBackend()
    temps.push(t)
    const api = t.backend
    restore = registerNodeVersion(MESSAGE_V2)
    const old = { fileName: 'old.flow.json', text: fixtureText('message-v1-body') }
    expectOk(await api.call('transfer.import', old))
    expect(messages(expectOk(await api.call('flows.get', { id: 'flw_node_versions' })).document)).toEqual(MIGRATED)
    const newer = await api.call('transfer.import', { fileName: 'newer.flow.json', text: fixtureText('newer') })
    expect(newer.ok ? null : newer.error.message).toContain("Node 'welcome_back' is version 7 of the Message node type")
  })

  it('a publish migrates older nodes and refuses a newer one', async () => {
    const t = createTempBackend()
    temps.push(t)
    const api = t.backend
    restore = registerNodeVersion(MESSAGE_V2)
    const published = expectOk(await api.call('publish.receive', { document: fixture('message-v1-body') }))
    expect(published.version).toBe(1)
    expect(messages(expectOk(await api.call('flows.get', { id: 'flw_node_versions' })).document)).toEqual(MIGRATED)
    const newer = await api.call('publish.receive', { document: fixture('newer') })
    expect(newer.ok ? null : newer.error).toMatchObject({
      code: 'invalid_flow',
      message: expect.stringContaining('but this build knows only up to version 2'),
    })
  })
})
