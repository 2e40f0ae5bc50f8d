// `chatflow export --data-dir <dir> [--flow <id>]... --out <file>`: writes flows as a chatflow.bundle/1 file, the
// same bytes the studio's Export gives. The file is written beside its target and renamed, so a failed export
// never leaves half a bundle where a good one was.
import fs from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Database } from 'better-sqlite3'
import { DB_FILE_NAME } from '../../studio/backend'
import { resolveDataDir } from '../../services/data-dir'
import { openDatabase } from '../../services/db/open'
import { exportBundle } from '../../services/transfer/export'
import { breakpointsForExport } from '../../studio/breakpoints/transfer'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow export [--data-dir <dir>] [--flow <id>]... [--include-secrets] [--include-breakpoints]
       --out <file>

Writes the flows (every flow, or each --flow), their saved conversation tests, the flows they call (transitively)
and the message templates they use as one bundle (docs/flow-format.md, "Bundle"). Webhook secrets are left out unless --include-secrets is given
(the bundle then carries their digests, never the secrets). Breakpoints are left out unless --include-breakpoints
is given (each flow's document then carries them under debug.breakpoints).
The studio must not be running on the same data directory.
Exit codes: 0 written, 1 unknown flow or the database or file cannot be used, 2 bad usage.
`

export const exportCommand: CliCommand = {
  summary: 'write flows, their tests and templates as a bundle file',
  async run(args) {
    let parsed
    try {
      parsed = parseArgs({
        args,
        options: {
          'data-dir': { type: 'string' },
          flow: { type: 'string', multiple: true },
          out: { type: 'string' },
          'include-secrets': { type: 'boolean' },
          'include-breakpoints': { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      })
    } catch (err) {
      process.stderr.write(`chatflow export: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`)
      return 2
    }
    if (parsed.values.help) {
      process.stdout.write(USAGE)
      return 0
    }
    const out = parsed.values.out
    if (!out) {
      process.stderr.write(`chatflow export: --out <file> is required\n${USAGE}`)
      return 2
    }
    const file = path.join(resolveDataDir(parsed.values['data-dir']), DB_FILE_NAME)
    if (!fs.existsSync(file)) {
      process.stderr.write(`chatflow export: there is no studio database at ${file}\n`)
      return 1
    }
    let db: Database
    try {
      db = openDatabase(file)
    } catch (err) {
      process.stderr.write(`chatflow export: ${err instanceof Error ? err.message : String(err)}\n`)
      return 1
    }
    try {
      const result = exportBundle(db, {
        flowIds: parsed.values.flow ?? [],
        includeSecrets: parsed.values['include-secrets'] === true,
        breakpointsOf: parsed.values['include-breakpoints'] === true ? breakpointsForExport(db) : undefined,
      })
      const temp = `${out}.${process.pid}.tmp`
      fs.writeFileSync(temp, result.text)
      fs.renameSync(temp, out)
      for (const w of result.warnings) process.stderr.write(`chatflow export: warning: ${w}\n`)
      const plural = (n: number) => (n === 1 ? '' : 's')
      const callees = result.dependencyCount
        ? ` and ${result.dependencyCount} flow${plural(result.dependencyCount)} they call`
        : ''
      process.stdout.write(`Exported ${result.flowCount} flow${plural(result.flowCount)}${callees} to ${out}.\n`)
      return 0
    } catch (err) {
      process.stderr.write(`chatflow export: ${err instanceof Error ? err.message : String(err)}\n`)
      return 1
    } finally {
      db.close()
    }
  },
}
