#!/usr/bin/env node
// The `chatflow` command. Each subcommand lives in commands/<name>.ts and is listed here once.
import '../regexp-safety' // first: before any pattern is compiled
import { didYouMean } from '../../shared/text/did-you-mean'
import { commands } from './commands'
import { quietOnClosedPipe } from './pipe'

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv
  if (!name || name === '--help' || name === '-h') {
    printHelp()
    return name ? 0 : 2
  }
  // `chatflow help <command>` is `chatflow <command> --help`.
  if (name === 'help') {
    const topic = rest[0]
    if (!topic) return (printHelp(), 0)
    return commands[topic] ? commands[topic].run(['--help']) : unknown(topic)
  }
  const command = commands[name]
  return command ? command.run(rest) : unknown(name)
}

function unknown(name: string): number {
  const near = didYouMean(name, [...Object.keys(commands), 'help'])
  process.stderr.write(
    `chatflow: unknown command '${name}'.${near ? ` Did you mean '${near}'?` : ''} Run 'chatflow help' for the list.\n`,
  )
  return 2
}

function printHelp(): void {
  const width = Math.max(...Object.keys(commands).map((n) => n.length))
  const lines = Object.entries(commands).map(([n, c]) => `  ${n.padEnd(width)}  ${c.summary}`)
  process.stdout.write(
    `Usage: chatflow <command> [options]\n\nCommands:\n${lines.join('\n')}\n\n'chatflow help <command>' or 'chatflow <command> --help' prints a command's options.\n`,
  )
}

quietOnClosedPipe()
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
