// A damaged write-ahead log found when the studio opens (electron/services/db/wal-recovery.test.ts tests the
// recovery) reaches the user as a notice, for the banner every window shows, and the log.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { crashedStudio, damageCommit } from '../services/db/testing/crashed-wal'
import { checkWal } from '../services/db/wal-check'
import { createBackend } from './backend'

let dir: string
beforeEach(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-wal-'))))
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

it("puts the message in the studio's notices, for the banner every window shows", async () => {
  const file = crashedStudio(dir)
  damageCommit(`${file}-wal`, checkWal(`${file}-wal`)!.recoveredCommits - 2)
  const logged: string[] = []
  const backend = createBackend({ dataDir: path.dirname(file), log: (m) => logged.push(m) })
  try {
    const notices = await backend.call('studio.notices', {})
    expect(notices).toMatchObject({
      ok: true,
      value: {
        notices: [
          { code: 'wal_recovered', message: expect.stringMatching(/3 saved changes after it could not be read/) },
        ],
      },
    })
    expect(logged.join('\n')).toMatch(/write-ahead log of studio\.sqlite was damaged/)
  } finally {
    await backend.close()
  }
})
