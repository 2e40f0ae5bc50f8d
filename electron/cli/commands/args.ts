import { parseArgs, type ParseArgsConfig } from 'node:util'
import { didYouMean } from '../../../shared/text/did-you-mean'

type Options = NonNullable<ParseArgsConfig['options']>
type WithHelp<O extends Options> = O & { help: { type: 'boolean'; short: 'h' } }
type Parsed<O extends Options> = ReturnType<
  typeof parseArgs<{ args: string[]; options: WithHelp<O>; allowPositionals: true }>
>

/**
 * The part every subcommand shares: parse the options (plus --help), print the usage for --help, and refuse
 * unknown options or a wrong number of positionals with one line and the usage. Returns the exit code to stop with,
 * or what was parsed.
 */
export function parseCommandLine<O extends Options>(
  command: string,
  usage: string,
  args: string[],
  options: O,
  /** How many file or name arguments; `atLeast` takes that many or more. */
  positionals?: { count: number; what: string; atLeast?: boolean },
): { exit: number } | { values: Parsed<O>['values']; positionals: string[] } {
  let parsed: Parsed<O>
  try {
    const all = { ...options, help: { type: 'boolean', short: 'h' } } as WithHelp<O>
    parsed = parseArgs({ args, options: all, allowPositionals: true })
  } catch (err) {
    process.stderr.write(`chatflow ${command}: ${describeParseError(err, Object.keys(options))}\n${usage}`)
    return { exit: 2 }
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(usage)
    return { exit: 0 }
  }
  const expected = positionals?.count ?? 0
  const got = parsed.positionals.length
  if (positionals?.atLeast ? got < expected : got !== expected) {
    const what = positionals ? `expected ${positionals.what}` : 'takes no file or name arguments'
    process.stderr.write(`chatflow ${command}: ${what}, got ${parsed.positionals.length}\n${usage}`)
    return { exit: 2 }
  }
  return { values: parsed.values, positionals: parsed.positionals }
}

/** parseArgs' refusal in one line, with the closest option for a mistyped one. */
function describeParseError(err: unknown, known: string[]): string {
  const code = (err as { code?: unknown } | null)?.code
  const message = err instanceof Error ? err.message : String(err)
  const typed = /'(--?[^']+)'/.exec(message)?.[1]
  if (code !== 'ERR_PARSE_ARGS_UNKNOWN_OPTION' || !typed) return message
  const near = didYouMean(typed.replace(/^-+/, '').split('=')[0]!, [...known, 'help'])
  return `unknown option ${typed}${near ? `; did you mean --${near}?` : ''}`
}
