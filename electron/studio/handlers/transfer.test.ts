import { afterEach, describe, expect, it } from 'vitest'
import { createTempBackend, expectOk, type TempBackend } from '../testing/backend'
import { exampleFlow, seedExamples } from '../../services/transfer/testing/support'
import { openDatabase } from '../../services/db/open'
import { DB_FILE_NAME } from '../backend'
import { serialiseFlow } from '../../../shared/flow'

const temps: TempBackend[] = []
afterEach(async () => Promise.all(temps.splice(0).map((t) => t.cleanup())))

async function seeded() {
  const t = createTempBackend()
  temps.push(t)
  await t.backend.close()
  const db = openDatabase(`${t.dataDir}/${DB_FILE_NAME}`)
  seedExamples(db)
  db.close()
  return await t.reopen()
}

describe('transfer commands', () => {
  it('export names the file after a single flow, and import with per-flow choices applies them', async () => {
    const api = await seeded()
    const age = exampleFlow('age-gate')
    const one = expectOk(await api.call('transfer.export', { flowIds: [age.id] }))
    expect(one.fileName).toBe('age-gate.chatflow.json')
    const all = expectOk(await api.call('transfer.export', {}))
    expect(all).toMatchObject({ fileName: 'flows.chatflow.json', flowCount: 3 })
    const seen = expectOk(await api.call('transfer.inspect', { fileName: 'flows.chatflow.json', text: all.text }))
    expect(seen.problems).toEqual([])
    expect(seen.conflicts).toHaveLength(3)
    const changed: string[] = []
    api.on('flows.changed', (e) => changed.push(e.id))
    const { outcomes } = expectOk(
      await api.call('transfer.import', {
        fileName: 'flows.chatflow.json',
        text: all.text,
        onConflict: 'skip',
        choices: { [age.id]: 'keep-both' },
      }),
    )
    expect(outcomes.filter((o) => o.action === 'copied').map((o) => o.flowId)).toEqual([age.id])
    expect(outcomes.filter((o) => o.action === 'skipped')).toHaveLength(2)
    expect(changed).toHaveLength(1)
    expect(expectOk(await api.call('flows.list', {})).map((f) => f.name)).toContain(`${age.name} (2)`)
  })

  it('a bad file is refused with its problems and nothing changes', async () => {
    const api = await seeded()
    const before = expectOk(await api.call('transfer.export', { includeSecrets: true })).text
    const bad = serialiseFlow(exampleFlow('age-gate')).replace(
      '"format": "chatflow.flow/1"',
      '"format": "chatflow.flow/7"',
    )
    const out = await api.call('transfer.import', { fileName: 'age.json', text: bad, onConflict: 'replace' })
    expect(out.ok).toBe(false)
    if (out.ok) return
    expect(out.error.code).toBe('invalid_file')
    expect(out.error.message).toMatch(/^age\.json cannot be imported; nothing was changed/)
    expect(out.error.issues![0]!.path[0]).toBe('age.json')
    expect(expectOk(await api.call('transfer.export', { includeSecrets: true })).text).toBe(before)
  })
})
