// `chatflow import <file> --data-dir <dir>`: stores a flow file or a chatflow.bundle/1 file in the studio database,
// keeping ids, so scripts can set up a studio (then `chatflow secret` and `chatflow serve`). Conflicts with existing
// flows (same id or name) follow --on-conflict; by default the file replaces them (a flow with the same id gets it as
// a new revision, as before bundles existed). The whole file is checked first and written in one transaction:
// on any error nothing is written.
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { Database } from 'better-sqlite3'
import type { FlowDocument } from '../../../shared/flow/document'
import { DB_FILE_NAME } from '../../studio/backend'
import { resolveDataDir } from '../../services/data-dir'
import { openDatabase } from '../../services/db/open'
import { FlowStore } from '../../services/store/flows'
import { breakpointsFromImport } from '../../studio/breakpoints/transfer'
import { applyImport, type ConflictChoice, type ImportOutcome } from '../../services/transfer/apply'
import { formatProblem, readImportFile } from '../../services/transfer/read'
import { readInputFile } from './input-file'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow import <file> [--data-dir <dir>] [--on-conflict replace|keep-both|skip]
                       [--on-callee-conflict keep-mine|take-theirs|copy] [--with-secrets]

<file> is a flow file or a bundle written by \`chatflow export\` or the studio's Export. Flows keep their ids.
A flow that meets an existing one (same id, or same name) is handled by --on-conflict:
  replace    the file's version becomes the existing flow's next revision (the default)
  keep-both  stored as a copy named "name (2)" (under a new id when the id is taken)
  skip       left out
A bundle also carries the flows its flows call (its dependencies). Calls name flows by id: a callee this studio
has unchanged is left as it is; one that differs is handled by --on-callee-conflict:
  keep-mine    the studio's flow stays and the calls go to it (the default)
  take-theirs  the file's version becomes the studio flow's next revision
  copy         stored as a copy under a new id, and the file's calls to it are pointed at the copy
A bundle exported with webhook secrets carries them; they are used only with --with-secrets (otherwise the flows
keep this studio's secrets, or get new ones), so a file cannot hand its author a key to your flows.
The studio must not be running on the same data directory.
Exit codes: 0 imported, 1 the file is not valid (nothing written) or the database cannot be used, 2 bad usage.
`

const CHOICES: ConflictChoice[] = ['replace', 'keep-both', 'skip']
const CALLEE_CHOICES: Record<string, ConflictChoice> = {
  'keep-mine': 'skip',
  'take-theirs': 'replace',
  copy: 'keep-both',
}

export const importCommand: CliCommand = {
  summary: 'store a flow file or a bundle in the studio database, keeping ids',
  async run(args) {
    let parsed
    try {
      parsed = parseArgs({
        args,
        allowPositionals: true,
        options: {
          'data-dir': { type: 'string' },
          'on-conflict': { type: 'string' },
          'on-callee-conflict': { type: 'string' },
          'with-secrets': { type: 'boolean' },
          help: { type: 'boolean', short: 'h' },
        },
      })
    } catch (err) {
      process.stderr.write(`chatflow import: ${err instanceof Error ? err.message : String(err)}\n${USAGE}`)
      return 2
    }
    if (parsed.values.help) {
      process.stdout.write(USAGE)
      return 0
    }
    if (parsed.positionals.length !== 1) {
      process.stderr.write(`chatflow import: expected one file\n${USAGE}`)
      return 2
    }
    const choice = (parsed.values['on-conflict'] ?? 'replace') as ConflictChoice
    if (!CHOICES.includes(choice)) {
      process.stderr.write(`chatflow import: --on-conflict must be one of ${CHOICES.join(', ')}\n${USAGE}`)
      return 2
    }
    const calleeChoice = CALLEE_CHOICES[parsed.values['on-callee-conflict'] ?? 'keep-mine']
    if (!calleeChoice) {
      process.stderr.write(
        `chatflow import: --on-callee-conflict must be one of ${Object.keys(CALLEE_CHOICES).join(', ')}\n${USAGE}`,
      )
      return 2
    }
    const file = parsed.positionals[0]!
    const input = readInputFile(file)
    if (!input.ok) {
      process.stderr.write(`chatflow import: cannot read ${file}: ${input.reason}; nothing was imported.\n`)
      return 1
    }
    const read = readImportFile(file, input.text)
    if (!read.ok) {
      for (const p of read.problems) process.stderr.write(`chatflow import: ${formatProblem(p)}\n`)
      process.stderr.write('chatflow import: nothing was imported.\n')
      return 1
    }
    let db: Database
    try {
      db = openDatabase(path.join(resolveDataDir(parsed.values['data-dir']), DB_FILE_NAME))
    } catch (err) {
      process.stderr.write(`chatflow import: ${err instanceof Error ? err.message : String(err)}\n`)
      return 1
    }
    try {
      const withSecrets = parsed.values['with-secrets'] === true
      const outcomes = applyImport(
        db,
        read.content,
        (c) => (c.dependency ? calleeChoice : choice),
        Date.now,
        withSecrets,
        breakpointsFromImport(db),
      )
      for (const o of outcomes) {
        for (const n of o.notes ?? []) process.stderr.write(`chatflow import: note: ${n}\n`)
        if (o.dependency) {
          process.stdout.write(calleeLine(o, db))
          continue
        }
        const revision = o.storedId
          ? (db.prepare('SELECT revision FROM flows WHERE id = ?').pluck().get(o.storedId) as number)
          : null
        process.stdout.write(
          o.action === 'skipped'
            ? `Skipped "${o.name}" (${o.flowId}): a flow with this id or name exists.\n`
            : `Imported "${o.name}" as ${o.storedId} (revision ${revision}${o.action === 'created' ? '' : `, ${o.action}`}${o.secretApplied ? ', with the webhook secret from the file' : ''}${o.breakpointsKept ? `, ${o.breakpointsKept} breakpoint(s)` : ''}).\n`,
        )
      }
      const unused = read.content.flows.filter((f) => f.webhookSecret).length
      if (unused && !withSecrets)
        process.stderr.write(
          `chatflow import: the file carries the webhook secrets of ${unused} flow(s); they were not used (pass --with-secrets to use them).\n`,
        )
      return 0
    } catch (err) {
      process.stderr.write(
        `chatflow import: ${err instanceof Error ? err.message : String(err)}; nothing was imported.\n`,
      )
      return 1
    } finally {
      db.close()
    }
  },
}

/** What became of a flow the file carried because its flows call it. */
function calleeLine(o: ImportOutcome, db: Database): string {
  if (o.action === 'skipped') return `Kept this studio's "${o.name}" (${o.flowId}), which the imported flows call.\n`
  const revision = db.prepare('SELECT revision FROM flows WHERE id = ?').pluck().get(o.storedId) as number
  const how =
    o.action === 'copied'
      ? `, a copy: the imported flows call it under its new id`
      : o.action === 'replaced'
        ? ', replaced'
        : ''
  return `Imported "${o.name}" as ${o.storedId} (revision ${revision}${how}), called by the imported flows.\n`
}

/** Inserts or replaces the flow under its own id in one transaction; returns the stored revision. */
export function storeFlow(db: Database, document: FlowDocument): number {
  const store = new FlowStore(db, Date.now)
  return db.transaction(() => {
    const row = db.prepare('SELECT deleted_at FROM flows WHERE id = ?').get(document.id) as
      { deleted_at: number | null } | undefined
    if (row) {
      if (row.deleted_at !== null) store.restore(document.id)
      return store.change(document.id, 'import', () => document).revision
    }
    const now = Date.now()
    const json = JSON.stringify(document)
    db.prepare(
      `INSERT INTO flows (id, name, active, document, revision, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)`,
    ).run(document.id, document.name, document.active ? 1 : 0, json, now, now)
    db.prepare(
      'INSERT INTO flow_revisions (flow_id, revision, document, reason, created_at) VALUES (?, 1, ?, ?, ?)',
    ).run(document.id, json, 'import', now)
    return 1
  })()
}
