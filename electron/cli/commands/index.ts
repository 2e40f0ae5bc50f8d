import type { CliCommand } from './types'
import { diffCommand } from './diff'
import { evalCommand } from './eval'
import { exportCommand } from './export'
import { generateCommand } from './generate'
import { importCommand } from './import'
import { runCommand } from './run'
import { secretCommand } from './secret'
import { serveCommand } from './serve'
import { testCommand } from './test'
import { translationsCommand } from './translations'
import { validateCommand } from './validate'

// One line per subcommand; keep alphabetical.
export const commands: Record<string, CliCommand> = {
  diff: diffCommand,
  eval: evalCommand,
  export: exportCommand,
  generate: generateCommand,
  import: importCommand,
  run: runCommand,
  secret: secretCommand,
  serve: serveCommand,
  test: testCommand,
  translations: translationsCommand,
  validate: validateCommand,
}
