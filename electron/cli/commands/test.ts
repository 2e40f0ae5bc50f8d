// `chatflow test <file|dir>...`: plays conversation tests (docs/testing.md) against their flows, prints each
// failure as expected (-) / actual (+) lines, the branch coverage of each flow, then `N passed, N failed`.
// Exit 0 when every test passed, 1 when any failed or could not be read, 2 for bad usage.
import fs from 'node:fs'
import path from 'node:path'
import {
  branchCoverage,
  parseConversationTest,
  recordingFailure,
  runConversationTest,
  withRecordings,
} from '../../../shared/engine/conversation'
import type { ModelEffect } from '../../../shared/engine/effects'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseFlow } from '../../../shared/nodes/load-flow'
import type { TraceEvent } from '../../../shared/engine'
import { DB_FILE_NAME } from '../../studio/backend'
import { resolveDataDir } from '../../services/data-dir'
import { isDatabaseOpenError } from '../../services/db/errors'
import { openDatabase, type Database } from '../../services/db/open'
import { parseCommandLine } from './args'
import { MODEL_ENV, modelConfigFromEnv } from '../../services/effects/model-env'
import { createModelProvider } from '../../services/effects/model-provider'
import { readInputFile } from './input-file'
import { collectFlowFiles, fuzzFiles } from './fuzz'
import { collectFiles, commandLineDeps } from './host'
import { flowFilesOf, flowFilesSource, FLOWS_USAGE } from './flow-files'

export { commandLineDeps } from './host'
import {
  besideLibrary,
  databaseLibrary,
  libraryEffects,
  readLibrary,
  type LibraryEffects,
  type LibraryItems,
} from './library'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow test <file.test.yaml | dir>... [--record] [--library <library.json>] [--data-dir <dir>] [--flows <file|dir>]...
       chatflow test --fuzz <N> [--seed <S>] <flow.json | dir>... [--library <library.json>] [--data-dir <dir>]

Plays every conversation test given (folders are searched, sub-folders too, for *.test.yaml, and for
every *.yaml at any depth inside a <name>.tests folder). A test's flow is its 'flow:' path (relative to
the test file) or, for tests inside <name>.tests/ (or a folder of it), the <name>.flow.json beside that folder.
Exit codes: 0 all passed, 1 a test failed or could not be read, 2 bad usage.

Questions Intent and Extract nodes put to a model provider are answered from each test's 'recordings:'; one
without a recording fails the test (recording_missing). --record asks the provider set by ${MODEL_ENV.baseUrl},
${MODEL_ENV.model} and ${MODEL_ENV.apiKey} (or ${MODEL_ENV.apiKey}_FILE) instead, and writes its answers into each
test file's 'recordings:' (the rest of the file is left as written).

With --fuzz, plays N random conversations with each flow (folders are searched for *.flow.json) and reports any
that fails with an engine error, renders an expression error or exceeds the step limit; each finding is saved as a
test that reproduces it in <name>.tests/fuzz/ beside the flow. --seed S plays the same conversations again (the
seed is printed; without --seed one is chosen at random).

Template Message, SPM and MPM nodes look templates and products up in the test's own 'templates:' first, then in:
  --library <file>        a library.json ({"templates": [...], "catalog": [...]}) or a bundle export; with
                          --data-dir its items come first, then the studio's
  --data-dir <dir>        that studio's template library and catalogue (the tests still run in memory)
  neither                 the library.json beside each test's flow file, if there is one; else templates are
                          unavailable and products unchecked

${FLOWS_USAGE} (each test's flow's folder). A call the test mocks
(mocks: {<call node>: {outputs: {...}}}) does not run the flow it calls.
`

export const testCommand: CliCommand = {
  summary: 'play conversation tests (*.test.yaml) against their flows',
  async run(args) {
    const options = {
      library: { type: 'string' },
      'data-dir': { type: 'string' },
      fuzz: { type: 'string' },
      seed: { type: 'string' },
      flows: { type: 'string', multiple: true },
      record: { type: 'boolean' },
    } as const
    const parsed = parseCommandLine('test', USAGE, args, options, {
      count: 1,
      what: 'test files or folders',
      atLeast: true,
    })
    if ('exit' in parsed) return parsed.exit
    const fuzz = fuzzOptions(parsed.values.fuzz, parsed.values.seed)
    if (typeof fuzz === 'string') {
      process.stderr.write(`chatflow test: ${fuzz}\n${USAGE}`)
      return 2
    }
    let model: ModelEffect | undefined
    if (parsed.values.record) {
      const chosen = recordingModel(fuzz !== null)
      if (typeof chosen === 'string') {
        process.stderr.write(`chatflow test: ${chosen}\n`)
        return 2
      }
      model = chosen
    }
    const files: string[] = []
    for (const arg of parsed.positionals) {
      if (!fs.existsSync(arg)) {
        process.stderr.write(`chatflow test: ${arg}: no such file or folder\n`)
        return 2
      }
      files.push(...(fuzz ? collectFlowFiles(arg) : collectTestFiles(arg)))
    }
    const flowFiles: string[] = []
    for (const arg of parsed.values.flows ?? []) {
      const found = flowFilesOf(arg)
      if (typeof found === 'string') {
        process.stderr.write(`chatflow test: ${found}\n`)
        return 2
      }
      flowFiles.push(...found)
    }
    let items: LibraryItems | null = null
    if (parsed.values.library) {
      const read = readLibrary(parsed.values.library)
      if (!read.ok) {
        process.stderr.write(`chatflow test: ${read.message}\n`)
        return 1
      }
      items = read.items
    }
    const dataDir = parsed.values['data-dir']
    let db: Database | null = null
    if (dataDir) {
      try {
        db = openDatabase(path.join(resolveDataDir(dataDir), DB_FILE_NAME))
      } catch (err) {
        if (!isDatabaseOpenError(err)) throw err
        process.stderr.write(`chatflow test: ${err.message}\n`)
        return 1
      }
    }
    try {
      const library = items || db ? libraryEffects(items, db ? databaseLibrary(db) : null) : 'beside'
      const write = (s: string) => process.stdout.write(s)
      if (fuzz) return await fuzzFiles(files, { ...fuzz, ...(library === 'beside' ? {} : { library }) }, write)
      return await runFiles(files, write, { library, flows: flowFiles, ...(model ? { record: model } : {}) })
    } finally {
      db?.close()
    }
  },
}

/** The provider --record asks (from the environment), or why there is none. */
function recordingModel(fuzzing: boolean): ModelEffect | string {
  if (fuzzing) return '--record goes with conversation tests, not --fuzz'
  try {
    const config = modelConfigFromEnv(process.env)
    if (config) return createModelProvider(config)
  } catch (err) {
    return err instanceof Error ? err.message : String(err)
  }
  return (
    `--record asks a model provider: set ${MODEL_ENV.baseUrl} (e.g. http://127.0.0.1:11434/v1) and ` +
    `${MODEL_ENV.model}, and ${MODEL_ENV.apiKey} if it needs a key`
  )
}

/** --fuzz N and --seed S read, or why they cannot be; null without --fuzz. */
function fuzzOptions(
  runs: string | undefined,
  seed: string | undefined,
): { runs: number; seed?: number } | null | string {
  if (runs === undefined) return seed === undefined ? null : '--seed goes with --fuzz'
  const n = Number(runs)
  if (!Number.isInteger(n) || n < 1) return `--fuzz takes a number of conversations (1 or more), got '${runs}'`
  if (seed === undefined) return { runs: n }
  const s = Number(seed)
  if (!Number.isInteger(s) || s < 0 || s > 2 ** 31 - 1)
    return `--seed takes a whole number from 0 to ${2 ** 31 - 1}, got '${seed}'`
  return { runs: n, seed: s }
}

export interface RunFilesOptions {
  /** The templates and products the tests' flows see; 'beside' (the default) reads the library.json beside each flow file. */
  library?: LibraryEffects | 'beside'
  /** Flow files where calls find their callees before those beside each test's flow (--flows). */
  flows?: string[]
  /** --record: ask this provider and write its answers into each test file's `recordings`. */
  record?: ModelEffect
}

export async function runFiles(
  files: string[],
  write: (s: string) => void,
  options: RunFilesOptions = {},
): Promise<number> {
  let passed = 0
  let failed = 0
  const flows = new Map<string, FlowDocument | string>()
  const libraries = new Map<string, LibraryEffects | string | null>()
  const libraryOf = (flowFile: string): LibraryEffects | string | null => {
    if (options.library && options.library !== 'beside') return options.library
    const file = besideLibrary(flowFile)
    if (!file) return null
    if (!libraries.has(file)) {
      const read = readLibrary(file)
      libraries.set(file, read.ok ? libraryEffects(read.items, null) : read.message)
    }
    return libraries.get(file)!
  }
  const traces = new Map<string, TraceEvent[]>()
  for (const file of files) {
    const rel = path.relative(process.cwd(), file) || file
    const text = fs.readFileSync(file, 'utf8')
    const parsed = parseConversationTest(text)
    if (!parsed.ok) {
      failed++
      write(`✗ ${rel}\n    cannot read the test: ${parsed.message}\n`)
      continue
    }
    const flowFile = flowFileOf(file, parsed.test.flow)
    const flow = flows.get(flowFile) ?? loadFlowFile(flowFile)
    flows.set(flowFile, flow)
    if (typeof flow === 'string') {
      failed++
      write(`✗ ${rel}  ${parsed.test.name}\n    ${flow}\n`)
      continue
    }
    const library = libraryOf(flowFile)
    if (typeof library === 'string') {
      failed++
      write(`✗ ${rel}  ${parsed.test.name}\n    ${library}\n`)
      continue
    }
    const deps = { ...commandLineDeps(library), flows: flowFilesSource(flowFile, options.flows ?? [], flow) }
    if (options.record) deps.effects = { ...deps.effects, model: options.record }
    const outcome = await runConversationTest(flow, parsed.test, deps, { record: !!options.record })
    const recorded = options.record ? saveRecordings(file, text, outcome) : ''
    traces.set(flowFile, [...(traces.get(flowFile) ?? []), ...outcome.trace])
    const live = outcome.calls.filter((c) => c.live).map((c) => `${c.node} ${c.method} ${c.url}`)
    const liveNote = live.length ? `  (live: ${live.join('; ')})` : ''
    if (outcome.failures.length === 0) {
      passed++
      write(`✓ ${rel}  ${parsed.test.name}${liveNote}\n${recorded}`)
      continue
    }
    failed++
    write(`✗ ${rel}  ${parsed.test.name}${liveNote}\n${recorded}`)
    for (const f of outcome.failures) {
      write(`    ${f.where}\n`)
      for (const line of f.lines) write(`      ${line}\n`)
    }
  }
  for (const line of await coverageLines(traces, flows, options.flows ?? [])) write(line)
  write(`${passed} passed, ${failed} failed\n`)
  return failed > 0 ? 1 : 0
}

/** --record: the test file rewritten with the answers this run got, and a line saying what happened. */
function saveRecordings(file: string, text: string, outcome: Awaited<ReturnType<typeof runConversationTest>>): string {
  const failure = recordingFailure(outcome.modelCalls)
  if (failure) return `    recordings not written (the provider failed): ${failure}\n`
  const next = withRecordings(text, outcome.recordings ?? [])
  if (next === null) return outcome.recordings?.length ? '    recordings unchanged\n' : ''
  fs.writeFileSync(file, next)
  const n = outcome.recordings?.length ?? 0
  return `    recorded ${n} model answer${n === 1 ? '' : 's'} into the file\n`
}

/**
 * One coverage line per flow the tests ran: each tested flow, then each flow their calls ran (docs/testing.md,
 * "Through calls"). A flow's branches count wherever its nodes ran, in its own tests or inside a call.
 */
async function coverageLines(
  traces: Map<string, TraceEvent[]>,
  flows: Map<string, FlowDocument | string>,
  given: string[],
): Promise<string[]> {
  const byFlow = new Map<string, { flow: FlowDocument; label: string; parts: Array<[TraceEvent[], string]> }>()
  const entry = (flow: FlowDocument, label: string) => {
    if (!byFlow.has(flow.id)) byFlow.set(flow.id, { flow, label, parts: [] })
    return byFlow.get(flow.id)!
  }
  for (const [flowFile, trace] of traces) {
    const flow = flows.get(flowFile) as FlowDocument
    entry(flow, path.relative(process.cwd(), flowFile)).parts.push([trace, flow.id])
  }
  for (const [flowFile, trace] of traces) {
    const flow = flows.get(flowFile) as FlowDocument
    const source = flowFilesSource(flowFile, given, flow)
    for (const id of new Set(trace.flatMap((e) => (e.flowId && e.flowId !== flow.id ? [e.flowId] : [])))) {
      const callee = await source.load(id, { flowId: flow.id, revision: null })
      if (callee) entry(callee.doc, `${callee.doc.name} (called)`).parts.push([trace, flow.id])
    }
  }
  return [...byFlow.values()].map(({ flow, label, parts }) => {
    const taken = new Set(parts.flatMap(([trace, root]) => branchCoverage(flow, trace, root).taken.map(key)))
    const all = branchCoverage(flow, [])
    const missed = all.missed.filter((b) => !taken.has(key(b))).map((b) => `${b.nodeName} → ${b.port}`)
    const not = missed.length ? ` (not taken: ${missed.join(', ')})` : ''
    return `coverage ${label}: ${taken.size}/${all.total} branches${not}\n`
  })
}

const key = (b: { nodeId: string; port: string }) => `${b.nodeId}\u0000${b.port}`

/** The test files a path names: itself, or the tests in a folder and below, in name order. */
export function collectTestFiles(p: string): string[] {
  return collectFiles(p, isTestFile)
}

/** *.test.yaml anywhere, and every *.yaml inside a <name>.tests folder, at any depth (checkout.tests/smoke/x.yaml). */
function isTestFile(file: string): boolean {
  return file.endsWith('.test.yaml') || (file.endsWith('.yaml') && testsFolderOf(file) !== null)
}

/** The nearest folder above a file whose name ends in .tests: its flow is the <name>.flow.json beside it. */
function testsFolderOf(file: string): string | null {
  for (let dir = path.dirname(file); dir !== path.dirname(dir); dir = path.dirname(dir))
    if (dir.endsWith('.tests')) return dir
  return null
}

function flowFileOf(testFile: string, declared: string | undefined): string {
  if (declared) return path.resolve(path.dirname(testFile), declared)
  const dir = testsFolderOf(testFile) ?? path.dirname(testFile)
  return path.join(path.dirname(dir), path.basename(dir).replace(/\.tests$/, '') + '.flow.json')
}

function loadFlowFile(file: string): FlowDocument | string {
  const input = readInputFile(file)
  if (!input.ok)
    return `cannot read the flow ${path.relative(process.cwd(), file)}: ${input.reason} (set 'flow:' in the test or put the test in <name>.tests/)`
  const loaded = parseFlow(input.text)
  return loaded.ok
    ? loaded.document
    : `the flow ${path.relative(process.cwd(), file)} is invalid: ${loaded.error.message}`
}
