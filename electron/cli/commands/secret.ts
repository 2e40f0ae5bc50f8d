// `chatflow secret <flow_id> --data-dir <dir>`: makes a flow's webhook secret and prints it, so a script can
// `KEY=$(chatflow secret flw_…)`. Only the secret goes to stdout. The studio keeps only its digest (issue 39), so a
// secret is printed once, when made: a flow that has one is refused unless --rotate replaces it.
import fs from 'node:fs'
import path from 'node:path'
import { DB_FILE_NAME } from '../../studio/backend'
import { resolveDataDir } from '../../services/data-dir'
import { openDatabase } from '../../services/db/open'
import { SecretStore } from '../../services/webhook/secrets'
import { parseCommandLine } from './args'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow secret <flow_id> [--data-dir <dir>] [--rotate]

Makes the flow's webhook secret (the x-api-key value) and prints it. The studio keeps only its digest, so it is
printed this once: keep it. A flow that already has one is refused; --rotate replaces it (the old one is refused
from then on).
Exit codes: 0 printed, 1 no such flow, a secret exists already, or the database cannot be used, 2 bad usage.
`

export const secretCommand: CliCommand = {
  summary: "make a flow's webhook secret and print it once (--rotate replaces one)",
  async run(args) {
    const parsed = parseCommandLine(
      'secret',
      USAGE,
      args,
      { 'data-dir': { type: 'string' }, rotate: { type: 'boolean' } },
      { count: 1, what: 'one flow id' },
    )
    if ('exit' in parsed) return parsed.exit
    const flowId = parsed.positionals[0]!
    const file = path.join(resolveDataDir(parsed.values['data-dir']), DB_FILE_NAME)
    // A mistyped --data-dir must not leave an empty studio behind.
    if (!fs.existsSync(file)) {
      process.stderr.write(
        `chatflow secret: there is no studio database at ${file}. Import the flow first with 'chatflow import'.\n`,
      )
      return 1
    }
    let db
    try {
      db = openDatabase(file)
    } catch (err) {
      process.stderr.write(`chatflow secret: ${err instanceof Error ? err.message : String(err)}\n`)
      return 1
    }
    try {
      const exists = db.prepare('SELECT 1 FROM flows WHERE id = ? AND deleted_at IS NULL').get(flowId)
      if (!exists) {
        process.stderr.write(
          `chatflow secret: there is no flow ${flowId} in ${db.name}. Import it first with 'chatflow import'.\n`,
        )
        return 1
      }
      const store = new SecretStore(db)
      const secret = parsed.values.rotate ? store.rotate(flowId).secret : store.ensure(flowId).secret
      if (secret === null) {
        process.stderr.write(
          `chatflow secret: ${flowId} already has a webhook secret. It is kept hashed and cannot be shown again; ` +
            'pass --rotate to replace it (the old one is refused from then on).\n',
        )
        return 1
      }
      process.stdout.write(`${secret}\n`)
      return 0
    } finally {
      db.close()
    }
  },
}
