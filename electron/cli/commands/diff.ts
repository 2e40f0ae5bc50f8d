// `chatflow diff <A> <B> [--data-dir <dir>] [--json]`: what changed from A to B, the same comparison the studio's
// compare view and Publish dialog read (shared/diff). Exit codes as diff(1)'s: 0 no changes, 1 changes, 2 bad usage
// or input, so CI can fail on a change (or on its absence).
import { compareFlows, summarize } from '../../../shared/diff'
import { parseCommandLine } from './args'
import { formatComparison } from './diff-format'
import { DataDir, readSource } from './diff-source'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow diff <A> <B> [--data-dir <dir>] [--json]

Prints what changed from A to B: nodes added, removed and changed (renames as renames, with the nodes whose
references they rewrote), connections, and the flow's own settings, samples and interface; moves on the canvas
are not changes. Each of A and B is
  a flow file (.json, any format version), or
  <flow>@<revision>: a revision of a flow in the studio's data folder, the flow named by id or name and the
  revision by number, by a version's name ("Hours@holiday hours"), or 'draft' for the flow as it is now.
  --data-dir <dir>  the studio's data folder (default: the studio's own); the studio must not be running on it
  --json            print {"a","b","identical","lines","comparison"} instead (comparison: shared/diff/types.ts)
Exit codes: 0 no changes, 1 changes, 2 bad usage or a file or revision that cannot be read.
`

export const diffCommand: CliCommand = {
  summary: 'compare two flow files or revisions and list the changes (exit 1 when there are some)',
  async run(args) {
    const parsed = parseCommandLine(
      'diff',
      USAGE,
      args,
      { json: { type: 'boolean' }, 'data-dir': { type: 'string' } },
      { count: 2, what: 'two flows to compare' },
    )
    if ('exit' in parsed) return parsed.exit
    const [a, b] = parsed.positionals as [string, string]
    const data = new DataDir(parsed.values['data-dir'])
    try {
      const before = readSource(a, data)
      if (!before.ok) return fail(before.message)
      const after = readSource(b, data)
      if (!after.ok) return fail(after.message)
      const comparison = compareFlows(before.document, after.document)
      if (parsed.values.json) {
        const out = {
          a: before.label,
          b: after.label,
          identical: comparison.identical,
          lines: summarize(comparison),
          comparison,
        }
        process.stdout.write(JSON.stringify(out, null, 2) + '\n')
      } else {
        for (const line of formatComparison(comparison)) process.stdout.write(line + '\n')
        const n = comparison.changes.length
        process.stdout.write(
          n === 0
            ? `No changes from ${before.label} to ${after.label}.\n`
            : `${n} change${n === 1 ? '' : 's'} from ${before.label} to ${after.label}.\n`,
        )
      }
      return comparison.identical ? 0 : 1
    } finally {
      data.close()
    }
  },
}

function fail(message: string): number {
  process.stderr.write(`chatflow diff: ${message}\n`)
  return 2
}
