// `chatflow secret <flow_id> --data-dir <dir>`: prints a flow's webhook secret (creating one when it has none), so
// a script can `curl -H "x-api-key: $(chatflow secret flw_…)"`. Only the secret goes to stdout.
import fs from 'node:fs'
import path from 'node:path'
import { DB_FILE_NAME } from '../../studio/backend'
import { resolveDataDir } from '../../studio/data-dir'
import { openDatabase } from '../../studio/db/open'
import { SecretStore } from '../../studio/webhook/secrets'
import { parseCommandLine } from './args'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow secret <flow_id> [--data-dir <dir>]

Prints the flow's webhook secret (the x-api-key value), creating it when the flow has none yet.
Exit codes: 0 printed, 1 no such flow or the database cannot be used, 2 bad usage.
`

export const secretCommand: CliCommand = {
  summary: "print a flow's webhook secret, creating it when absent",
  async run(args) {
    const parsed = parseCommandLine(
      'secret',
      USAGE,
      args,
      { 'data-dir': { type: 'string' } },
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
      process.stdout.write(`${new SecretStore(db).ensure(flowId).secret}\n`)
      return 0
    } finally {
      db.close()
    }
  },
}
