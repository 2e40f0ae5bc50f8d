// `chatflow validate <file.json>... [--flows DIR]... [--json]`: checks flow files against every rule of the flow
// model, Call Flow nodes against the flows they call (the files given, the *.flow.json beside each, and those in
// each --flows folder: flows-beside.ts). Exit 0 when there is no error (warnings allowed; with --strict none either,
// notes allowed); 1 when there is one, or a file is unreadable, not JSON or not a flow (one line on stderr, never a
// stack); 2 for bad usage.
import { readFile } from 'node:fs/promises'
import { statSync } from 'node:fs'
import { flowsBeside } from './flows-beside'
import type { FlowLoadResult } from '../../../shared/flow'
import { parseCommandLine } from './args'
import type { CliCommand } from './types'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { validateFlow, type Problem } from '../../../shared/analysis/validate'

const USAGE = `Usage: chatflow validate <file.json>... [--flows DIR]... [--json] [--strict]

Prints the problems of each flow file, one per line: severity, JSON pointer, node, message. A warning the flow
marks as intentional (its "intentional" list) is printed as a note, with the reason. A Call Flow node is checked
against the flow it calls, found among the files given, the *.flow.json files in each file's folder and in each
--flows folder.
  --flows    another folder of *.flow.json files that calls may reach (repeatable)
  --json     print {"file","ok","errors","warnings","notes","problems":[…]} instead (an array of them for several files)
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
      { json: { type: 'boolean' }, strict: { type: 'boolean' }, flows: { type: 'string', multiple: true } },
      { count: 1, what: 'one or more flow files', atLeast: true },
    )
    if ('exit' in parsed) return parsed.exit
    const { values, positionals } = parsed
    const dirs = values.flows ?? []
    for (const d of dirs) {
      let isDir = false
      try {
        isDir = statSync(d).isDirectory()
      } catch {
        // reported below
      }
      if (!isDir) return fail(`--flows ${d}: no such folder`)
    }
    const read: Array<{ file: string; loaded: Extract<FlowLoadResult, { ok: true }> }> = []
    for (const file of positionals) {
      const one = await readFlowFile(file)
      if ('exit' in one) return one.exit
      read.push({ file, loaded: one.loaded })
    }
    const given = read.map((r) => ({ file: r.file, doc: r.loaded.document }))
    const { flows } = flowsBeside(given, dirs)
    const reports = read.map((r) =>
      report(r.file, r.loaded, validateFlow(r.loaded.document, { flows }), !!values.strict),
    )
    if (values.json) {
      const out = reports.map((r) => r.json)
      process.stdout.write(JSON.stringify(out.length === 1 ? out[0] : out, null, 2) + '\n')
    } else for (const r of reports) process.stdout.write(r.text)
    return reports.every((r) => r.json.ok) ? 0 : 1
  },
}

async function readFlowFile(
  file: string,
): Promise<{ exit: number } | { loaded: Extract<FlowLoadResult, { ok: true }> }> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code
    return {
      exit: fail(
        code === 'ENOENT'
          ? `${file}: no such file`
          : code === 'EISDIR'
            ? `${file}: is a directory`
            : `${file}: cannot read (${code ?? 'error'})`,
        1,
      ),
    }
  }
  const loaded = parseFlow(text)
  if (!loaded.ok) return { exit: fail(`${file}: ${loaded.error.message}`, 1) }
  return { loaded }
}

function report(file: string, loaded: Extract<FlowLoadResult, { ok: true }>, problems: Problem[], strict: boolean) {
  const names = new Map(loaded.document.nodes.map((n) => [n.id, n.name]))
  const errors = problems.filter((p) => p.severity === 'error').length
  const warnings = problems.filter((p) => p.severity === 'warning').length
  const notes = problems.length - errors - warnings
  const ok = errors === 0 && (!strict || warnings === 0)
  const json = {
    file,
    ok,
    errors,
    warnings,
    notes,
    migratedFrom: loaded.migratedFrom,
    migratedNodes: loaded.migratedNodes,
    problems,
  }
  let text = ''
  for (const p of problems) text += formatProblem(p, names) + '\n'
  const moved = loaded.migratedNodes.length
  const note =
    (loaded.migratedFrom !== null ? ` (read as an older format, version ${loaded.migratedFrom})` : '') +
    (moved
      ? ` (${moved} node${moved === 1 ? '' : 's'} read from an older version of ${moved === 1 ? 'its' : 'their'} type)`
      : '')
  const noted = notes ? `, ${notes} note(s)` : ''
  text += `${file}: ${errors} error(s), ${warnings} warning(s)${noted}${note}\n`
  return { json, text }
}

export function formatProblem(p: Problem, names: Map<string, string>): string {
  const node = p.nodeId ? ` [${names.get(p.nodeId) ?? p.nodeId}]` : ''
  const why = p.why ? ` Intentional: ${p.why}` : ''
  return `${p.severity.padEnd(7)} ${p.pointer || '/'}${node} ${p.message}${why}`
}
