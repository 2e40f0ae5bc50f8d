// `chatflow generate <flow.json> [--out DIR] [--library FILE] [--time S]`: explores the flow with the real engine and
// writes conversation tests that together take every reachable branch (docs/testing.md, "Generating tests"). Prints
// each test written, `coverage <flow>: X/Y branches` as `chatflow test` does, and every branch it could not take with
// the reason. Exit 0 when every branch is taken or proven unreachable, 1 when some branch was neither (or the flow
// cannot be read), 2 for bad usage.
import fs from 'node:fs'
import path from 'node:path'
import { serialiseConversationTest } from '../../../shared/engine/conversation'
import { parseFlow } from '../../../shared/nodes/load-flow'
import type { Suite } from '../../../shared/generate'
import { parseCommandLine } from './args'
import { commandLineDeps } from './host'
import { besideLibrary, displayPath, libraryEffects, readLibrary } from './library'
import type { CliCommand } from './types'
import { flowsBeside, missingPath } from './flows-beside'

const USAGE = `Usage: chatflow generate <flow.json> [--out <dir>] [--library <library.json>] [--time <seconds>] [--flows <file|dir>]...

Explores the flow with the real engine and writes conversation tests (*.test.yaml) that together take every
branch it can reach: answers and taps chosen to meet the rules of Conditions and Routers, mocks for HTTP Calls
(success and failure, bodies shaped from the node's sample response); Scripts run for real in the sandbox, and
are mocked where an output must take a value to open a branch.
Each test expects what the bot says, so it fails when the flow changes behaviour. Call Flow nodes run the flows
they call for real (found as 'chatflow test' finds them: each --flows file or folder, then the *.flow.json beside), and the branches inside those
flows are explored through the calls; coverage is printed for each flow. A callable flow tested on its own gets
its inputs as the tests' variables.
  --out <dir>         where to write (default: <name>.tests/generated/ beside the flow); earlier generated
                      tests there are replaced
  --library <file>    templates and products, as for 'chatflow test' (default: the library.json beside the flow)
  --time <seconds>    how long exploration may take (default 10); writing the tests found may take
                      as long again, and what the time did not allow is listed
  --flows <file|dir>  a flow file, or a folder of *.flow.json files, the calls may reach (repeatable)
Exit codes: 0 every branch taken or proven unreachable, 1 some branch neither (or the flow cannot be read), 2 bad usage.
`

/** The first line of every file this command writes: only such files are replaced by the next run. */
export const GENERATED_MARK = '# Written by `chatflow generate`; run it again rather than editing this file.'

export const generateCommand: CliCommand = {
  summary: 'write conversation tests that take every reachable branch of a flow',
  async run(args) {
    const parsed = parseCommandLine(
      'generate',
      USAGE,
      args,
      {
        out: { type: 'string' },
        library: { type: 'string' },
        time: { type: 'string' },
        flows: { type: 'string', multiple: true },
      },
      { count: 1, what: 'one flow file' },
    )
    if ('exit' in parsed) return parsed.exit
    const flowFile = path.resolve(parsed.positionals[0]!)
    const seconds = parsed.values.time === undefined ? 10 : Number(parsed.values.time)
    if (!Number.isFinite(seconds) || seconds <= 0) {
      process.stderr.write(
        `chatflow generate: --time takes a number of seconds above 0, got '${parsed.values.time}'\n${USAGE}`,
      )
      return 2
    }
    const write = (s: string) => process.stdout.write(s)
    return generateFile(
      flowFile,
      { out: parsed.values.out, library: parsed.values.library, budgetMs: seconds * 1000, flows: parsed.values.flows },
      write,
      (s) => process.stderr.write(s),
    )
  },
}

export interface GenerateFileOptions {
  out?: string
  library?: string
  budgetMs?: number
  /** More folders of flows the calls may reach, besides the flow's own folder. */
  flows?: string[]
}

export async function generateFile(
  flowFile: string,
  opts: GenerateFileOptions,
  write: (s: string) => void,
  error: (s: string) => void,
): Promise<number> {
  let text: string
  try {
    text = fs.readFileSync(flowFile, 'utf8')
  } catch {
    error(`chatflow generate: ${displayPath(flowFile)}: cannot read the file\n`)
    return 1
  }
  const loaded = parseFlow(text)
  if (!loaded.ok) {
    error(`chatflow generate: ${displayPath(flowFile)}: ${loaded.error.message}\n`)
    return 1
  }
  const libraryFile = opts.library ?? besideLibrary(flowFile)
  const library = libraryFile ? readLibrary(libraryFile) : null
  if (library && !library.ok) {
    error(`chatflow generate: ${library.message}\n`)
    return 1
  }
  const deps = commandLineDeps(library ? libraryEffects(library.items, null) : null)
  // Loaded here, not at the command line's start: the other commands do not need the generator's libraries.
  const { generateSuite } = await import('../../../shared/generate')
  const missing = missingPath(opts.flows ?? [])
  if (missing) {
    error(`chatflow generate: --flows ${missing}: no such file or folder\n`)
    return 2
  }
  const flows = flowsBeside([{ file: flowFile, doc: loaded.document }], opts.flows ?? [])
  const suite = await generateSuite(loaded.document, deps, { budgetMs: opts.budgetMs, flows })
  const outDir = path.resolve(
    opts.out ??
      path.join(
        path.dirname(flowFile),
        `${path.basename(flowFile).replace(/(\.flow)?\.json$/, '')}.tests`,
        'generated',
      ),
  )
  writeSuite(suite, flowFile, outDir, write)
  return report(suite, flowFile, write)
}

function writeSuite(suite: Suite, flowFile: string, outDir: string, write: (s: string) => void): void {
  fs.mkdirSync(outDir, { recursive: true })
  for (const f of fs.readdirSync(outDir)) {
    const file = path.join(outDir, f)
    if (f.endsWith('.test.yaml') && fs.readFileSync(file, 'utf8').startsWith(GENERATED_MARK)) fs.rmSync(file)
  }
  const width = String(suite.tests.length).length
  suite.tests.forEach((t, i) => {
    const file = path.join(outDir, `${String(i + 1).padStart(Math.max(2, width), '0')}-${slug(t.test.name)}.test.yaml`)
    const test = { ...t.test, flow: path.relative(outDir, flowFile).split(path.sep).join('/') }
    fs.writeFileSync(file, `${GENERATED_MARK}\n${serialiseConversationTest(test)}`)
    write(`✎ ${displayPath(file)}  ${t.test.name} (${t.covers.length} branch${t.covers.length === 1 ? '' : 'es'})\n`)
  })
}

function report(suite: Suite, flowFile: string, write: (s: string) => void): number {
  for (const d of suite.dropped) write(`✗ not written: ${d.name}: it did not pass when played again (${d.why})\n`)
  // One line per flow: the flow's own, then each flow it calls, counted through the calls.
  for (const [i, f] of suite.flows.entries())
    write(`coverage ${i === 0 ? displayPath(flowFile) : `${f.flowName} (called)`}: ${f.covered}/${f.total} branches\n`)
  for (const u of suite.unreached)
    write(`  not taken: ${u.flowName ? `${u.flowName}: ` : ''}${u.nodeName} → ${u.portLabel}: ${u.reason}\n`)
  const seconds = (suite.elapsedMs / 1000).toFixed(1)
  for (const u of suite.unfinished) write(`  not finished in time: ${u}\n`)
  write(
    `${suite.tests.length} test${suite.tests.length === 1 ? '' : 's'} written in ${seconds} s${suite.gaveUp ? ` (gave up exploring after ${seconds} s)` : ''}\n`,
  )
  return suite.unreached.every((u) => u.proven) && suite.dropped.length === 0 ? 0 : 1
}

/** A file name from a test name: lower case, words joined by '-', at most 60 characters. */
export function slug(name: string): string {
  const s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return s.slice(0, 60).replace(/-+$/, '') || 'test'
}
