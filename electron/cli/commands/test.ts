// `chatflow test <file|dir>...`: plays conversation tests (docs/testing.md) against their flows, prints each
// failure as expected (-) / actual (+) lines, the branch coverage of each flow, then `N passed, N failed`.
// Exit 0 when every test passed, 1 when any failed or could not be read, 2 for bad usage.
import fs from 'node:fs'
import path from 'node:path'
import { createEffects } from '../../../shared/engine'
import { branchCoverage, parseConversationTest, runConversationTest } from '../../../shared/engine/conversation'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseFlow } from '../../../shared/flow/serialise'
import type { TraceEvent } from '../../../shared/engine'
import { nodeCatalog } from '../../../shared/nodes/runners'
import { DB_FILE_NAME } from '../../studio/backend'
import { createHttpEffect, createScriptEffect } from '../../studio/effects'
import { resolveDataDir } from '../../studio/data-dir'
import { isDatabaseOpenError } from '../../studio/db/errors'
import { openDatabase, type Database } from '../../studio/db/open'
import { parseCommandLine } from './args'
import { besideLibrary, databaseLibrary, libraryEffects, readLibrary, type LibraryEffects, type LibraryItems } from './library'
import type { CliCommand } from './types'

const USAGE = `Usage: chatflow test <file.test.yaml | dir>... [--library <library.json>] [--data-dir <dir>]

Plays every conversation test given (folders are searched for *.test.yaml, and for
*.yaml inside <name>.tests folders). A test's flow is its 'flow:'
path (relative to the test file) or, for tests in <name>.tests/, the <name>.flow.json beside that folder.
Exit codes: 0 all passed, 1 a test failed or could not be read, 2 bad usage.

Template Message, SPM and MPM nodes look templates and products up in the test's own 'templates:' first, then in:
  --library <file>        a library.json ({"templates": [...], "catalog": [...]}) or a bundle export; with
                          --data-dir its items come first, then the studio's
  --data-dir <dir>        that studio's template library and catalogue (the tests still run in memory)
  neither                 the library.json beside each test's flow file, if there is one; else templates are
                          unavailable and products unchecked
`

export const testCommand: CliCommand = {
  summary: 'play conversation tests (*.test.yaml) against their flows',
  async run(args) {
    const parsed = parseCommandLine('test', USAGE, args, { library: { type: 'string' }, 'data-dir': { type: 'string' } }, { count: 1, what: 'test files or folders', atLeast: true })
    if ('exit' in parsed) return parsed.exit
    const files: string[] = []
    for (const arg of parsed.positionals) {
      if (!fs.existsSync(arg)) {
        process.stderr.write(`chatflow test: ${arg}: no such file or folder\n`)
        return 2
      }
      files.push(...collectTestFiles(arg))
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
      return await runFiles(files, (s) => process.stdout.write(s), { library })
    } finally {
      db?.close()
    }
  },
}

export interface RunFilesOptions {
  /** The templates and products the tests' flows see; 'beside' (the default) reads the library.json beside each flow file. */
  library?: LibraryEffects | 'beside'
}

export async function runFiles(files: string[], write: (s: string) => void, options: RunFilesOptions = {}): Promise<number> {
  // The saved-test policy (shared/engine/conversation/policy.ts) needs the real sandbox and HTTP client: Scripts
  // run, and an HTTP Call reaches the network only when its test opted in with \`live\`.
  const hostEffects = { script: createScriptEffect(), http: createHttpEffect() }
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
    const parsed = parseConversationTest(fs.readFileSync(file, 'utf8'))
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
    const deps = { effects: createEffects({ ...hostEffects, ...library }), catalog: nodeCatalog }
    const outcome = await runConversationTest(flow, parsed.test, deps)
    traces.set(flowFile, [...(traces.get(flowFile) ?? []), ...outcome.trace])
    const live = outcome.calls.filter((c) => c.live).map((c) => `${c.node} ${c.method} ${c.url}`)
    const liveNote = live.length ? `  (live: ${live.join('; ')})` : ''
    if (outcome.failures.length === 0) {
      passed++
      write(`✓ ${rel}  ${parsed.test.name}${liveNote}\n`)
      continue
    }
    failed++
    write(`✗ ${rel}  ${parsed.test.name}${liveNote}\n`)
    for (const f of outcome.failures) {
      write(`    ${f.where}\n`)
      for (const line of f.lines) write(`      ${line}\n`)
    }
  }
  for (const [flowFile, trace] of traces) {
    const flow = flows.get(flowFile) as FlowDocument
    const c = branchCoverage(flow, trace)
    const missed = c.missed.map((b) => `${b.nodeName} → ${b.port}`).join(', ')
    write(`coverage ${path.relative(process.cwd(), flowFile)}: ${c.taken.length}/${c.total} branches${missed ? ` (not taken: ${missed})` : ''}\n`)
  }
  write(`${passed} passed, ${failed} failed\n`)
  return failed > 0 ? 1 : 0
}

/** The test files a path names: itself, or the tests in a folder and below, in name order. */
export function collectTestFiles(p: string): string[] {
  if (!fs.statSync(p).isDirectory()) return [path.resolve(p)]
  const out: string[] = []
  for (const entry of fs.readdirSync(p, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(p, entry.name)
    if (entry.isDirectory()) out.push(...collectTestFiles(full))
    else if (isTestFile(full)) out.push(path.resolve(full))
  }
  return out
}

/** *.test.yaml anywhere, and every *.yaml inside a <name>.tests folder. */
function isTestFile(file: string): boolean {
  return file.endsWith('.test.yaml') || (file.endsWith('.yaml') && path.basename(path.dirname(file)).endsWith('.tests'))
}

function flowFileOf(testFile: string, declared: string | undefined): string {
  if (declared) return path.resolve(path.dirname(testFile), declared)
  const dir = path.dirname(testFile)
  return path.join(path.dirname(dir), path.basename(dir).replace(/\.tests$/, '') + '.flow.json')
}

function loadFlowFile(file: string): FlowDocument | string {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return `cannot read the flow ${path.relative(process.cwd(), file)} (set 'flow:' in the test or put the test in <name>.tests/)`
  }
  const loaded = parseFlow(text)
  return loaded.ok ? loaded.document : `the flow ${path.relative(process.cwd(), file)} is invalid: ${loaded.error.message}`
}
