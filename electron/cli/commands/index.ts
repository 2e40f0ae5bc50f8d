import type { CliCommand } from './types'

// One line per subcommand; keep alphabetical.
export const commands: Record<string, CliCommand> = {}
