import type { CliCommand } from './types'
import { evalCommand } from './eval'
import { importCommand } from './import'
import { secretCommand } from './secret'
import { validateCommand } from './validate'

// One line per subcommand; keep alphabetical.
export const commands: Record<string, CliCommand> = {
  eval: evalCommand,
  import: importCommand,
  secret: secretCommand,
  validate: validateCommand,
}
