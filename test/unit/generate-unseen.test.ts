// Issue 21, goals 2 and 3 on flows the generator was never tuned to (test/unseen-flows: a list menu into nested
// AND/OR routers, an HTTP lookup with rules on lists in the body and a failure path split by status, a webhook into
// a form with a mapping, a Script whose outputs open a router, a button payload with expressions on the extracted
// part and a template's quick replies, and a Question of every answer type). Each goes through the real commands'
// code: `chatflow generate` writes its suite, `chatflow test` plays it (both with the Script sandbox and the
// library beside the flow), and every branch is taken. Then the mutation check: every rule of every Condition and
// Router flipped, one at a time, and the suite of the original flow fails on each, for these flows and the
// examples whose rules the suite decides (loyalty's Script and router, the age gate's boundary).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { commandLineDeps } from '../../electron/cli/commands/host'
import { besideLibrary, libraryEffects, readLibrary } from '../../electron/cli/commands/library'
import { generateFile } from '../../electron/cli/commands/generate'
import { collectTestFiles, runFiles } from '../../electron/cli/commands/test'
import { flowFilesSource } from '../../electron/cli/commands/flow-files'
import { parseConversationTest, runConversationTest, type ConversationTest } from '../../shared/engine/conversation'
import type { FlowDocument } from '../../shared/flow/document'
import { parseFlow } from '../../shared/nodes/load-flow'
import { mutants } from '../../shared/generate/testing/mutants'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const unseen = path.join(root, 'test/unseen-flows')
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-unseen-'))
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }))

const FLOWS = fs
  .readdirSync(unseen)
  .filter((f) => f.endsWith('.flow.json'))
  .sort()

// Generous: the suite is judged on what it reaches, and a loaded 2-core CI machine must not make it give up.
const BUDGET_MS = 60_000

/** Generates the suite of `flowFile` into a folder of its own and returns that folder. */
async function generated(flowFile: string): Promise<{ out: string; printed: string; code: number }> {
  const out = path.join(tmp, path.basename(flowFile, '.flow.json'))
  let printed = ''
  const code = await generateFile(
    flowFile,
    { out, budgetMs: BUDGET_MS },
    (s) => (printed += s),
    (s) => (printed += s),
  )
  return { out, printed, code }
}

function load(flowFile: string): FlowDocument {
  const r = parseFlow(fs.readFileSync(flowFile, 'utf8'))
  if (!r.ok) throw new Error(r.error.message)
  return r.document
}

const suites = new Map<string, string>()

describe('generated suites of flows the project has never seen', () => {
  it('has at least five of them', () => {
    expect(FLOWS.length).toBeGreaterThanOrEqual(5)
  })

  it.each(FLOWS)(
    '%s: every branch is taken, and chatflow test passes every test written',
    async (file) => {
      const flowFile = path.join(unseen, file)
      const { out, printed, code } = await generated(flowFile)
      const coverage = /coverage .*: (\d+)\/(\d+) branches\n/.exec(printed)
      expect(coverage, printed).not.toBeNull()
      expect(coverage![1], printed).toBe(coverage![2])
      expect(code, printed).toBe(0)
      // Every test is named by its own path: none needs a number to tell it from another.
      expect(printed).not.toMatch(/ \(\d+\) \(\d+ branches\)/)
      const files = collectTestFiles(out)
      let played = ''
      expect(await runFiles(files, (s) => (played += s)), played).toBe(0)
      expect(played).toContain(`: ${coverage![1]}/${coverage![2]} branches\n`)
      expect(played.trim().split('\n').at(-1)).toBe(`${files.length} passed, 0 failed`)
      suites.set(file, out)
    },
    BUDGET_MS + 30_000,
  )
})

/** The tests of a suite folder, parsed. */
function testsIn(dir: string): ConversationTest[] {
  return collectTestFiles(dir).map((f) => {
    const r = parseConversationTest(fs.readFileSync(f, 'utf8'))
    if (!r.ok) throw new Error(r.message)
    return r.test
  })
}

/** Whether some test of the suite fails against `flow`. */
async function someFails(flow: FlowDocument, tests: ConversationTest[], flowFile: string): Promise<boolean> {
  const libraryFile = besideLibrary(flowFile)
  const library = libraryFile ? readLibrary(libraryFile) : null
  // The flows beside it answer its calls, as `chatflow test` reads them (loyalty calls verify-phone).
  const deps = {
    ...commandLineDeps(library?.ok ? libraryEffects(library.items, null) : null),
    flows: flowFilesSource(flowFile, [], flow),
  }
  for (const t of tests) if ((await runConversationTest(flow, t, deps)).failures.length) return true
  return false
}

describe('mutation check: flip one rule, and the suite of the original flow fails', () => {
  const cases = [
    ...FLOWS.map((f) => path.join(unseen, f)),
    ...['loyalty', 'age-gate', 'appointment'].map((n) => path.join(root, 'resources/examples', `${n}.flow.json`)),
  ]

  it.each(cases.map((c) => [path.relative(root, c), c]))(
    '%s',
    async (_name, flowFile) => {
      const file = path.basename(flowFile)
      const out = suites.get(file) ?? (await generated(flowFile)).out
      const tests = testsIn(out)
      expect(tests.length).toBeGreaterThan(0)
      const flow = load(flowFile)
      expect(await someFails(flow, tests, flowFile)).toBe(false)
      const changed = mutants(flow)
      expect(changed.length).toBeGreaterThan(0)
      const survivors: string[] = []
      for (const [what, mutant] of changed) if (!(await someFails(mutant, tests, flowFile))) survivors.push(what)
      expect(survivors).toEqual([])
    },
    BUDGET_MS + 60_000,
  )
})
