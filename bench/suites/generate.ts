// `chatflow generate` on the examples and on the unseen flows of test/unseen-flows: the time to explore a flow and
// write its suite (the issue's goal: under 5 s per flow), against the floor of playing the written suite once
// through the same player (the work every generated test does at least once). Both with what `chatflow generate`
// plays with (commandLineDeps: Scripts in the sandbox, the library beside the flows). Each flow is checked first:
// every branch taken or proven unreachable, every written test passing when played again. Then the mutation check of
// issue 38 (shared/generate/testing/mutation.ts): the share of mutants that are not equivalent the suite catches.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { runConversationTest } from '../../shared/engine/conversation'
import { parseFlow } from '../../shared/nodes/load-flow'
import { generateSuite } from '../../shared/generate'
import { commandLineDeps } from '../../electron/cli/commands/host'
import { libraryEffects, readLibrary } from '../../electron/cli/commands/library'
import { KNOWN_EQUIVALENT, checkFlow, describeScore } from '../../shared/generate/testing/mutation'
import { catalogueOf } from '../../shared/flow/catalogue'
import { flowSourceOf } from '../../shared/generate/through-calls'

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..')
const FOLDERS = ['resources/examples', 'test/unseen-flows']
const RUNS = 7

async function median(fn: () => Promise<unknown>): Promise<number> {
  await fn()
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)]!
}

export async function run(): Promise<void> {
  console.log(`median ms of ${RUNS} runs; floor: playing the written suite once`)
  console.log('  flow             branches  unreachable  tests  generate ms  floor ms  ratio  mutants killed')
  for (const folder of FOLDERS) await runFolder(path.join(ROOT, folder))
}

async function runFolder(dir: string): Promise<void> {
  const lib = readLibrary(path.join(dir, 'library.json'))
  if (!lib.ok) throw new Error(`generate bench: ${lib.message}`)
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.flow.json'))
    .sort()
  const docs = files.map((file) => {
    const loaded = parseFlow(fs.readFileSync(path.join(dir, file), 'utf8'))
    if (!loaded.ok) throw new Error(`generate bench: ${file}: ${loaded.error.message}`)
    return loaded.document
  })
  // The flows beside each other, as `chatflow generate` reads them: a caller's calls run for real (issue 30).
  const flows = catalogueOf(docs)
  const deps = { ...commandLineDeps(libraryEffects(lib.items, null)), flows: flowSourceOf(flows) }
  for (const [i, file] of files.entries()) {
    const flow = docs[i]!
    const suite = await generateSuite(flow, deps, { flows })
    if (suite.unreached.some((u) => !u.proven) || suite.dropped.length)
      throw new Error(`generate bench: ${file}: a branch was not taken without a proof`)
    const play = async () => {
      for (const t of suite.tests) {
        const r = await runConversationTest(flow, t.test, deps)
        if (r.failures.length) throw new Error(`generate bench: ${file}: ${t.test.name} fails`)
      }
    }
    const generate = await median(() => generateSuite(flow, deps, { flows }))
    const floor = await median(play)
    const mutation = await checkFlow(flow, deps, KNOWN_EQUIVALENT[file], flows)
    console.log(
      `  ${file.replace('.flow.json', '').padEnd(15)}  ${`${suite.covered}/${suite.total}`.padStart(8)}  ${String(suite.unreached.length).padStart(11)}  ${String(suite.tests.length).padStart(5)}  ${generate.toFixed(1).padStart(11)}  ${floor.toFixed(1).padStart(8)}  ${(generate / floor).toFixed(1).padStart(5)}  ${describeScore(mutation.score)}`,
    )
    for (const s of mutation.score.survivors) console.log(`      survived: ${s}`)
  }
}
