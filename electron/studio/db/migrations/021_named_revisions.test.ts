import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { openDatabase } from '../../../services/db/open'
import { migrations } from '../../../services/db/migrations'
import { REVISIONS_KEPT } from '../../../services/db/migrations/009_revision_history'

// Migration 021 on a database an older studio wrote: its revisions stay, unnamed, and the bound that prunes them now
// spares named ones.

let dir = ''
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

it('upgrades a version-20 database: revisions kept unnamed, and from then on named ones outlive the bound', () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-021-'))
  const file = path.join(dir, 'studio.sqlite')
  const before = migrations.filter((m) => m.version < 21)
  expect(before.at(-1)!.version).toBe(20)
  let db = openDatabase(file, { migrations: before })
  db.prepare(
    `INSERT INTO flows (id, name, active, document, revision, created_at, updated_at) VALUES ('f', 'F', 0, '{}', 3, 0, 0)`,
  ).run()
  const insert = db.prepare(
    `INSERT INTO flow_revisions (flow_id, revision, document, reason, created_at) VALUES ('f', ?, '{}', 'save', 0)`,
  )
  for (let r = 1; r <= 3; r++) insert.run(r)
  db.close()

  db = openDatabase(file)
  try {
    const rows = () =>
      db.prepare(`SELECT revision, label FROM flow_revisions WHERE flow_id = 'f' ORDER BY revision`).all() as Array<{
        revision: number
        label: string | null
      }>
    expect(rows()).toEqual([
      { revision: 1, label: null },
      { revision: 2, label: null },
      { revision: 3, label: null },
    ])
    db.prepare(`UPDATE flow_revisions SET label = 'launch' WHERE flow_id = 'f' AND revision = 2`).run()
    const add = db.prepare(
      `INSERT INTO flow_revisions (flow_id, revision, document, reason, created_at) VALUES ('f', ?, '{}', 'save', 0)`,
    )
    for (let r = 4; r <= REVISIONS_KEPT + 10; r++) add.run(r)
    const kept = rows()
    expect(kept[0]).toEqual({ revision: 2, label: 'launch' })
    expect(kept[1]!.revision).toBe(11)
    expect(kept).toHaveLength(REVISIONS_KEPT + 1)
  } finally {
    db.close()
  }
})
