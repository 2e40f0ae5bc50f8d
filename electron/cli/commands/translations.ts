// `chatflow translations export|import`: a flow's customer texts out to translators as XLIFF 2.0 or CSV, and back
// (docs/languages.md, "Translations in and out"; the work is shared/translate's). One file per subcommand:
// translations-export.ts, translations-import.ts.
import { didYouMean } from '../../../shared/text/did-you-mean'
import { translationsExport } from './translations-export'
import { translationsImport } from './translations-import'
import type { CliCommand } from './types'

const SUBCOMMANDS: Record<string, CliCommand> = { export: translationsExport, import: translationsImport }

const USAGE = `Usage: chatflow translations <export|import> …

  export <flow file|dir>... --to <lang> [--format xliff|csv] [-o <file>]
                     the flows' texts for translators, with the translations they have
  import <flow file|dir>... <xliff|csv file> [--language <lang>] [--write] [--json]
                     check a translated file against the flows and apply its good rows
'chatflow translations <export|import> --help' prints each one's options.
`

export const translationsCommand: CliCommand = {
  summary: "export a flow's texts for translators (XLIFF 2.0 or CSV) and import the translations back",
  async run(args) {
    const [name, ...rest] = args
    if (!name || name === '--help' || name === '-h') {
      ;(name ? process.stdout : process.stderr).write(USAGE)
      return name ? 0 : 2
    }
    const sub = SUBCOMMANDS[name]
    if (sub) return sub.run(rest)
    const near = didYouMean(name, Object.keys(SUBCOMMANDS))
    process.stderr.write(
      `chatflow translations: unknown subcommand '${name}'.${near ? ` Did you mean '${near}'?` : ''}\n${USAGE}`,
    )
    return 2
  },
}
