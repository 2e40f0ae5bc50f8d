// `chatflow translations import <flow file|dir>... <file>`: checks a translated XLIFF or CSV file against the flows,
// prints what it changes, what it refuses and why, and what is still missing; --write saves the flow files.
import fs from 'node:fs'
import path from 'node:path'
import { flowLanguages, languageLabel, matchLanguage } from '../../../shared/flow/languages'
import { serialiseFlow } from '../../../shared/flow/serialise'
import { applyImported } from '../../../shared/translate/flow-files'
import { readTranslationFile } from '../../../shared/translate/read'
import type { ImportReport, ReportRow } from '../../../shared/translate/types'
import { parseCommandLine } from './args'
import { readInputFile } from './input-file'
import { readFlowFiles } from './translations-files'
import type { CliCommand } from './types'
import { TRANSLATION_FILE_BYTES } from '../../../shared/translate/read'

const USAGE = `Usage: chatflow translations import <flow file|dir>... <xliff|csv file> [--language <lang>] [--write] [--json]

Reads a translated file (XLIFF 2.0 or CSV, as 'chatflow translations export' writes them) and checks every row
against the flow it names: a translation that drops or changes a placeholder, breaks the channel's limit, translates
a text that has changed since the export, or names a text the flow does not have is refused, with the node and field
named; the other rows are applied. An empty translation leaves the flow's as it is. Prints what changed, what was
refused and why, and what is still missing. A folder is searched for *.flow.json files.
  --language <lang>  the file must be in this language (default: the language the file states)
  --write            save the flow files (default: only print what would change)
  --json             print [{"file","flowId","written","report"}] instead (report: shared/translate/types.ts)
Exit codes: 0 every row applied (texts may still be missing), 1 some rows refused, or a file cannot be read or is
malformed (nothing written then), 2 bad usage.
`

export const translationsImport: CliCommand = {
  summary: 'import translations',
  async run(args) {
    const parsed = parseCommandLine(
      'translations import',
      USAGE,
      args,
      { language: { type: 'string' }, write: { type: 'boolean' }, json: { type: 'boolean' } },
      { count: 2, what: 'one or more flow files or folders and then the translated file', atLeast: true },
    )
    if ('exit' in parsed) return parsed.exit
    const { language, write, json } = parsed.values
    const flowArgs = parsed.positionals.slice(0, -1)
    const fileArg = parsed.positionals.at(-1)!
    const input = readInputFile(fileArg, TRANSLATION_FILE_BYTES)
    if (!input.ok)
      return fail(
        input.reason.startsWith('it is ')
          ? `${fileArg}: ${input.reason}; nothing was read. [translations.too_large]`
          : `${fileArg}: cannot read (${input.reason})`,
      )
    const read = readTranslationFile(path.basename(fileArg), input.text)
    if (!read.ok) return fail(`${read.error.message} [${read.error.code}]`)
    const flows = readFlowFiles(flowArgs)
    if (!flows.ok) return fail(flows.message)
    const results: Array<{ file: string; path: string; flowId: string; report: ImportReport; doc: unknown }> = []
    for (const f of flows.flows) {
      if (f.inFolder && !hasTarget(f.doc, language ?? read.texts.target)) continue
      const out = applyImported(f.doc, path.basename(fileArg), read.texts, language)
      if (!out.ok) return fail(`${f.file}: ${out.error.message} [${out.error.code}]`)
      results.push({ file: f.file, path: f.path, flowId: f.doc.id, report: out.report, doc: out.doc })
    }
    if (results.length === 0)
      return fail(`no flow given has the file's language (${read.texts.target ?? 'not stated'})`)
    // Rows for none of the flows given: a text for a flow left out of the command would otherwise go unnoticed.
    const given = new Set(results.map((r) => r.flowId))
    const stray = read.texts.rows.filter((r) => r.flowId !== null && !given.has(r.flowId))
    let written = 0
    if (write) {
      for (const r of results) {
        if (r.report.changed.length === 0) continue
        try {
          fs.writeFileSync(r.path, serialiseFlow(r.doc as never))
          written++
        } catch (err) {
          return fail(`${r.file}: cannot write (${(err as NodeJS.ErrnoException).code ?? String(err)})`)
        }
      }
    }
    const refused = results.some((r) => r.report.refused.length > 0)
    if (json) {
      const out = results.map((r) => ({
        file: r.file,
        flowId: r.flowId,
        written: !!write && r.report.changed.length > 0,
        report: r.report,
      }))
      process.stdout.write(JSON.stringify(out, null, 2) + '\n')
    } else {
      for (const r of results) process.stdout.write(formatReport(r.file, r.report))
      if (stray.length)
        process.stdout.write(
          `${stray.length} row${stray.length === 1 ? ' is' : 's are'} for flows not given (${[...new Set(stray.map((r) => r.flowId))].join(', ')}): not applied.\n`,
        )
      if (!write && results.some((r) => r.report.changed.length))
        process.stdout.write('Nothing written: add --write to save the flow files.\n')
      else if (write) process.stdout.write(`${written} flow file${written === 1 ? '' : 's'} written.\n`)
    }
    return refused ? 1 : 0
  },
}

function hasTarget(doc: Parameters<typeof flowLanguages>[0], language: string | null | undefined): boolean {
  if (!language) return true
  const langs = flowLanguages(doc)
  const mine = matchLanguage(language, langs.list)
  return mine !== null && mine !== langs.default
}

export function formatReport(file: string, report: ImportReport): string {
  const lines = [`${file}: ${languageLabel(report.language)}`]
  const node = (r: ReportRow) => `[${r.nodeName}] ${r.field}`
  for (const r of report.changed) lines.push(`  changed  ${node(r)}: ${JSON.stringify(r.target)}`)
  for (const r of report.refused) lines.push(`  refused  ${r.message}`)
  for (const r of report.missing) lines.push(`  missing  ${node(r)}`)
  const other = report.otherFlows ? `, ${report.otherFlows} for other flows` : ''
  lines.push(
    `  ${report.changed.length} changed, ${report.unchanged} unchanged, ${report.refused.length} refused, ${report.missing.length} missing${other}.`,
  )
  return lines.join('\n') + '\n'
}

function fail(message: string): number {
  process.stderr.write(`chatflow translations import: ${message}\n`)
  return 1
}
