#!/usr/bin/env node
// The `chatflow` command. Each subcommand lives in commands/<name>.ts and is listed here once.
import { commands } from './commands'

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    printHelp()
    return name ? 0 : 2
  }
  const command = commands[name]
  if (!command) {
    process.stderr.write(`chatflow: unknown command '${name}'. Run 'chatflow help' for the list.\n`)
    return 2
  }
  return command.run(rest)
}

function printHelp(): void {
  const width = Math.max(...Object.keys(commands).map((n) => n.length))
  const lines = Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`)
  process.stdout.write(`Usage: chatflow <command> [options]\n\nCommands:\n${lines.join('\n')}\n`)
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code
  },
  (err: unknown) => {
    // A bug of ours, not the user's input: one line, no stack unless asked for.
    process.stderr.write(`chatflow: internal error: ${err instanceof Error ? err.message : String(err)}\n`)
    if (process.env.CHATFLOW_DEBUG) console.error(err)
    process.exitCode = 70
  },
)
