import type { CliCommand } from './types'
import { evalCommand } from './eval'

// One line per subcommand; keep alphabetical.
export const commands: Record<string, CliCommand> = {
  eval: evalCommand,
}
