// `chatflow translations export <flow file|dir>... --to <lang>`: the texts for translators on stdout or in -o.
import fs from 'node:fs'
import { flowLanguages, languageLabel, matchLanguage } from '../../../shared/flow/languages'
import { exportTranslations, type TranslationFormat } from '../../../shared/translate/flow-files'
import { parseCommandLine } from './args'
import { readFlowFiles } from './translations-files'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow translations export <flow file|dir>... --to <lang> [--format xliff|csv] [-o <file>]

Writes every customer text of the flows (message bodies, headers, footers, button and row titles, …) with the
translation each already has into <lang>, for a translator: XLIFF 2.0 (placeholders as <ph> elements, the
channel's limits as slr:sizeRestriction, node and field as notes) or CSV (id,node,field,limit,source,target,flow).
A folder is searched for *.flow.json files; those of its flows that do not have <lang> are passed over.
  --to <lang>       the language to translate into, one of the flows' languages (es finds es-MX)
  --format          xliff (the default, or what -o's extension says: .csv is CSV) or csv
  -o, --output      the file to write (default: stdout)
Exit codes: 0 written, 1 a flow cannot be read or does not have the language, 2 bad usage.
`

export const translationsExport: CliCommand = {
  summary: 'export texts for translators',
  async run(args) {
    const parsed = parseCommandLine(
      'translations export',
      USAGE,
      args,
      { to: { type: 'string' }, format: { type: 'string' }, output: { type: 'string', short: 'o' } },
      { count: 1, what: 'one or more flow files or folders', atLeast: true },
    )
    if ('exit' in parsed) return parsed.exit
    const { to, format: given, output } = parsed.values
    if (!to) return fail('--to <lang> is required (the language to translate into)\n' + USAGE, 2)
    const format = given ?? (output?.toLowerCase().endsWith('.csv') ? 'csv' : 'xliff')
    if (format !== 'xliff' && format !== 'csv') return fail(`--format ${format}: use xliff or csv`, 2)
    const read = readFlowFiles(parsed.positionals)
    if (!read.ok) return fail(read.message, 1)
    // A folder's flows without the language are passed over (said on stderr); a flow named on its own is not.
    const flows = read.flows.filter((f) => {
      const langs = flowLanguages(f.doc)
      const mine = matchLanguage(to, langs.list)
      const keep = !f.inFolder || (mine !== null && mine !== langs.default)
      if (!keep)
        process.stderr.write(
          `chatflow translations export: ${f.file}: passed over, it has no ${to} to translate into\n`,
        )
      return keep
    })
    if (flows.length === 0) return fail(`no flow given has ${to} as a language to translate into`, 1)
    const out = exportTranslations(
      flows.map((f) => f.doc),
      to,
      format as TranslationFormat,
    )
    if (!out.ok) return fail(`${out.error.message} [${out.error.code}]`, 1)
    if (output) {
      try {
        fs.writeFileSync(output, out.text)
      } catch (err) {
        return fail(`${output}: cannot write (${(err as NodeJS.ErrnoException).code ?? String(err)})`, 1)
      }
    } else process.stdout.write(out.text)
    process.stderr.write(
      `${out.units} text${out.units === 1 ? '' : 's'} of ${out.flows} flow${out.flows === 1 ? '' : 's'} for ${languageLabel(out.language)}` +
        (output ? ` written to ${output}` : '') +
        '.\n',
    )
    return 0
  },
}

function fail(message: string, code: number): number {
  process.stderr.write(`chatflow translations export: ${message}\n`)
  return code
}
