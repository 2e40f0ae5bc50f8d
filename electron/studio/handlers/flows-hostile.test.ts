// Issue 18, case 4: a flow whose samples nest 1000 levels used to import, then break every flows.list for good
// (SQLite's json_array_length stops at 1000 levels). Now the import is refused naming the path, and a flow stored
// that deep by an older studio no longer breaks the list, nor the start-up after it.
import fs from 'node:fs'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { FLOW_FORMAT } from '../../../shared/flow/document'
import { openDatabase } from '../../services/db/open'
import { migrations } from '../../services/db/migrations'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'

let temp: TempBackend
beforeEach(() => (temp = createTempBackend({ log: () => undefined })))
afterEach(() => temp.cleanup())

const deepText = (levels: number) => '{"a":'.repeat(levels) + '1' + '}'.repeat(levels)

function flowText(id: string, samples: string): string {
  const trigger = {
    id: 'n_t',
    type: 'trigger',
    name: 'trigger_1',
    position: { x: 0, y: 0 },
    config: { kind: 'keyword', keywords: ['hi'] },
  }
  const head = JSON.stringify({
    format: FLOW_FORMAT,
    id,
    name: `Deep ${id}`,
    active: false,
    nodes: [trigger],
    edges: [],
    webhookSecretRef: null,
  })
  return `${head.slice(0, -1)},"samples":{"http_call_1":${samples}}}`
}

it('refuses a flow file whose samples nest 1000 levels, naming the path, and writes nothing', async () => {
  const res = await temp.backend.call('transfer.import', {
    fileName: 'deep.flow.json',
    text: flowText('flw_deep', deepText(1000)),
    onConflict: 'replace',
    choices: {},
  })
  expect(res.ok).toBe(false)
  if (res.ok) return
  expect(res.error.code).toBe('invalid_file')
  expect(res.error.message).toMatch(
    /deep\.flow\.json: \/samples\/http_call_1\/a\/a\/a.*nested more than 64 levels deep/,
  )
  expect(expectOk(await temp.backend.call('flows.list', {}))).toEqual([])
})

it('lists flows, and starts, when an older studio stored one nested deeper than SQLite reads', async () => {
  expectOk(await temp.backend.call('flows.create', { name: 'Plain' }))
  await temp.backend.close()
  // Rebuild the file as the studio of issue 18's day left it: the schema of then, a deep flow stored through it.
  fs.rmSync(temp.backend.dbFile)
  const old = openDatabase(temp.backend.dbFile, { migrations: migrations.filter((m) => m.version <= 14) })
  const now = Date.now()
  const insert = old.prepare(
    'INSERT INTO flows (id, name, active, document, revision, created_at, updated_at) VALUES (?, ?, 0, ?, 1, ?, ?)',
  )
  insert.run('flw_plain', 'Plain', flowText('flw_plain', '{}'), now, now)
  insert.run('flw_old_deep', 'Old deep flow', flowText('flw_old_deep', deepText(1500)), now + 1, now + 1)
  old.close()
  const backend = await temp.reopen()
  const list = expectOk(await backend.call('flows.list', {}))
  expect(list.map((f) => [f.name, f.nodeCount])).toEqual([
    ['Old deep flow', 1],
    ['Plain', 1],
  ])
  expect(expectOk(await backend.call('flows.list', { search: 'deep' })).map((f) => f.id)).toEqual(['flw_old_deep'])
  // It can still be opened, so its author can remove the samples.
  expect(expectOk(await backend.call('flows.get', { id: 'flw_old_deep' })).name).toBe('Old deep flow')
})
