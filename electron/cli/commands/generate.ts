// `chatflow generate <flow.json> [--out DIR] [--library FILE] [--time S] [--language TAG|all]`: explores the flow with the real engine and
// writes conversation tests that together take every reachable branch (docs/testing.md, "Generating tests"). Prints
// each test written, `coverage <flow>: X/Y branches` as `chatflow test` does, and every branch it could not take with
// the reason. Exit 0 when every branch is taken or proven unreachable, 1 when some branch was neither (or the flow
// cannot be read), 2 for bad usage.
import fs from 'node:fs'
import path from 'node:path'
import { serialiseConversationTest } from '../../../shared/engine/conversation'
import { parseFlow } from '../../../shared/nodes/load-flow'
import type { Suite } from '../../../shared/generate'
import { flowLanguages, matchLanguage } from '../../../shared/flow/languages'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseCommandLine } from './args'
import { commandLineDeps } from './host'
import { besideLibrary, displayPath, libraryEffects, readLibrary } from './library'
import type { CliCommand } from './types'
import { flowsBeside, missingPath } from './flows-beside'

const USAGE = `Usage: chatflow generate <flow.json> [--out <dir>] [--library <library.json>] [--time <seconds>] [--flows <file|dir>]... [--language <tag>|all]

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
  --language <tag>    a flow in several languages: write the suite for this language of the flow, each test's
                      contact storing it (contact.language), files named <n>-<test>.<tag>.test.yaml;
                      'all': once per language of the flow. Coverage is the flow's, over every suite written
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
        language: { type: 'string' },
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
      {
        out: parsed.values.out,
        library: parsed.values.library,
        budgetMs: seconds * 1000,
        flows: parsed.values.flows,
        language: parsed.values.language,
      },
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
  /** A language of the flow, or 'all': the suite is written once per language, each test storing it on its contact. */
  language?: string
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
  const languages = suiteLanguages(loaded.document, opts.language)
  if (!languages.ok) {
    error(`chatflow generate: ${languages.message}\n`)
    return 2
  }
  const flows = flowsBeside([{ file: flowFile, doc: loaded.document }], opts.flows ?? [])
  const suites: LanguageSuite[] = []
  for (const language of languages.list)
    suites.push({
      language,
      suite: await generateSuite(loaded.document, deps, {
        budgetMs: opts.budgetMs,
        flows,
        ...(language ? { language } : {}),
      }),
    })
  const outDir = path.resolve(
    opts.out ??
      path.join(
        path.dirname(flowFile),
        `${path.basename(flowFile).replace(/(\.flow)?\.json$/, '')}.tests`,
        'generated',
      ),
  )
  clearGenerated(outDir)
  for (const s of suites) writeSuite(s, flowFile, outDir, write)
  return suites.length === 1 ? report(suites[0]!.suite, flowFile, write) : reportLanguages(suites, flowFile, write)
}

/** Earlier generated tests are replaced (only files this command wrote: they start with its mark). */
function clearGenerated(outDir: string): void {
  fs.mkdirSync(outDir, { recursive: true })
  for (const f of fs.readdirSync(outDir)) {
    const file = path.join(outDir, f)
    if (f.endsWith('.test.yaml') && fs.readFileSync(file, 'utf8').startsWith(GENERATED_MARK)) fs.rmSync(file)
  }
}

function writeSuite({ suite, language }: LanguageSuite, flowFile: string, outDir: string, write: (s: string) => void) {
  const width = String(suite.tests.length).length
  const suffix = language ? `.${language}` : ''
  suite.tests.forEach((t, i) => {
    const name = `${String(i + 1).padStart(Math.max(2, width), '0')}-${slug(t.test.name)}${suffix}.test.yaml`
    const file = path.join(outDir, name)
    const test = {
      ...t.test,
      // Names stay unique where the suites of every language are listed together (the studio's tests).
      ...(language ? { name: `${t.test.name} [${language}]` } : {}),
      flow: path.relative(outDir, flowFile).split(path.sep).join('/'),
    }
    fs.writeFileSync(file, `${GENERATED_MARK}\n${serialiseConversationTest(test)}`)
    write(`✎ ${displayPath(file)}  ${test.name} (${t.covers.length} branch${t.covers.length === 1 ? '' : 'es'})\n`)
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
    // Accents go with their letter ('Español' → 'espanol'), not into a dash.
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  return s.slice(0, 60).replace(/-+$/, '') || 'test'
}

interface LanguageSuite {
  /** The language the suite was written for; null: no --language, the tests store none. */
  language: string | null
  suite: Suite
}

/** The languages to write a suite for: none asked (one suite, no language), one of the flow's, or all of them. */
function suiteLanguages(
  doc: FlowDocument,
  asked: string | undefined,
): { ok: true; list: Array<string | null> } | { ok: false; message: string } {
  if (asked === undefined) return { ok: true, list: [null] }
  const { list } = flowLanguages(doc)
  if (asked.trim() === 'all') return { ok: true, list }
  const language = matchLanguage(asked, list)
  return language
    ? { ok: true, list: [language] }
    : { ok: false, message: `--language ${asked}: the flow's languages are ${list.join(', ')} (or 'all')` }
}

/**
 * Coverage is the flow's, not a language's: a branch counts once any language's suite takes it. Each suite's lines
 * first, under its language, then the flow's coverage over all of them and what none took.
 */
function reportLanguages(suites: LanguageSuite[], flowFile: string, write: (s: string) => void): number {
  for (const { language, suite } of suites) {
    write(`[${language}] `)
    report(suite, flowFile, write)
  }
  const taken = new Set(suites.flatMap(({ suite }) => suite.tests.flatMap((t) => t.covers)))
  const open = suites.flatMap(({ suite }) =>
    suite.unreached.filter((u) => !u.proven && !taken.has(`${u.nodeId}\u0000${u.port}`)),
  )
  const { total } = suites[0]!.suite
  write(
    `coverage ${displayPath(flowFile)} (${suites.map((s) => s.language).join(', ')}): ${taken.size}/${total} branches\n`,
  )
  return open.length === 0 && suites.every(({ suite }) => suite.dropped.length === 0) ? 0 : 1
}
