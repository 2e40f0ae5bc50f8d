// `chatflow validate <file.json> [--json]`: checks a flow file against every rule of the flow model.
// Exit 0 when there is no error (warnings allowed; with --strict none either, notes allowed); 1 when there is one, or
// the file is unreadable, not JSON or not a flow (one line on stderr, never a stack); 2 for bad usage.
import { readFile } from 'node:fs/promises'
import { parseCommandLine } from './args'
import type { CliCommand } from './types'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { validateFlow, type Problem } from '../../../shared/analysis/validate'

const USAGE = `Usage: chatflow validate <file.json> [--json] [--strict]

Prints the problems of a flow file, one per line: severity, JSON pointer, node, message. A warning the flow marks
as intentional (its "intentional" list) is printed as a note, with the reason.
  --json     print {"file","ok","errors","warnings","notes","problems":[…]} instead
  --strict   a warning fails too (notes do not): for shipped examples and CI
Exit codes: 0 no errors (warnings allowed), 1 the flow has errors (with --strict: errors or warnings) or the file
is not a flow, 2 bad usage.
`

function fail(message: string, code = 2): number {
  process.stderr.write(`chatflow validate: ${message}\n`)
  return code
}

export const validateCommand: CliCommand = {
  summary: 'check a flow file and list its problems (exit 1 on any error)',
  async run(args) {
    const parsed = parseCommandLine(
      'validate',
      USAGE,
      args,
      { json: { type: 'boolean' }, strict: { type: 'boolean' } },
      { count: 1, what: 'one flow file' },
    )
    if ('exit' in parsed) return parsed.exit
    const { values, positionals } = parsed
    const file = positionals[0]!
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      return fail(
        code === 'ENOENT'
          ? `${file}: no such file`
          : code === 'EISDIR'
            ? `${file}: is a directory`
            : `${file}: cannot read (${code ?? 'error'})`,
        1,
      )
    }
    const loaded = parseFlow(text)
    if (!loaded.ok) return fail(`${file}: ${loaded.error.message}`, 1)
    const problems = validateFlow(loaded.document)
    const names = new Map(loaded.document.nodes.map((n) => [n.id, n.name]))
    const errors = problems.filter((p) => p.severity === 'error').length
    const warnings = problems.filter((p) => p.severity === 'warning').length
    const notes = problems.length - errors - warnings
    const ok = errors === 0 && (!values.strict || warnings === 0)
    if (values.json) {
      const out = {
        file,
        ok,
        errors,
        warnings,
        notes,
        migratedFrom: loaded.migratedFrom,
        migratedNodes: loaded.migratedNodes,
        problems,
      }
      process.stdout.write(JSON.stringify(out, null, 2) + '\n')
    } else {
      for (const p of problems) process.stdout.write(formatProblem(p, names) + '\n')
      const moved = loaded.migratedNodes.length
      const note =
        (loaded.migratedFrom !== null ? ` (read as an older format, version ${loaded.migratedFrom})` : '') +
        (moved
          ? ` (${moved} node${moved === 1 ? '' : 's'} read from an older version of ${moved === 1 ? 'its' : 'their'} type)`
          : '')
      const noted = notes ? `, ${notes} note(s)` : ''
      process.stdout.write(`${file}: ${errors} error(s), ${warnings} warning(s)${noted}${note}\n`)
    }
    return ok ? 0 : 1
  },
}

export function formatProblem(p: Problem, names: Map<string, string>): string {
  const node = p.nodeId ? ` [${names.get(p.nodeId) ?? p.nodeId}]` : ''
  const why = p.why ? ` Intentional: ${p.why}` : ''
  return `${p.severity.padEnd(7)} ${p.pointer || '/'}${node} ${p.message}${why}`
}
