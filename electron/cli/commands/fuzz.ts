// `chatflow test --fuzz N [--seed S] <flow.json | dir>...`: N random conversations with each flow (docs/testing.md,
// "Fuzzing"). Each finding (an engine error, a step-limit overrun, an expression that fails while rendering, the
// engine throwing) is printed and saved as a test that plays the same conversation again, in <name>.tests/fuzz/
// beside the flow. The last line is `N passed, N failed`, counting conversations (each finding says how many
// conversations showed it, so the failed count is their sum); exit 1 when any found a problem.
import { randomInt } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { serialiseConversationTest } from '../../../shared/engine/conversation'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseFlow } from '../../../shared/nodes/load-flow'
import type { Finding, FindingKind } from '../../../shared/generate/fuzz/fuzz'
import { describeNeeds } from '../../../shared/generate/needs'
import { slug } from './generate'
import { collectFiles, commandLineDeps } from './host'
import { besideLibrary, displayPath, libraryEffects, readLibrary, type LibraryEffects } from './library'

export const FUZZ_MARK = '# A finding of `chatflow test --fuzz`.'

export interface FuzzFilesOptions {
  runs: number
  seed?: number
  /** Templates and products for every flow; default: the library.json beside each flow. */
  library?: LibraryEffects
}

/** The flow files a path names: itself, or every *.flow.json in a folder and below, in name order. */
export function collectFlowFiles(p: string): string[] {
  return collectFiles(p, (f) => f.endsWith('.flow.json'))
}

export async function fuzzFiles(files: string[], opts: FuzzFilesOptions, write: (s: string) => void): Promise<number> {
  const seed = opts.seed ?? randomInt(0, 2 ** 31 - 1)
  // Loaded here, not at the command line's start: the other commands do not need the generator's libraries.
  const { fuzzFlow, KIND_WORDS } = await import('../../../shared/generate/fuzz/fuzz')
  let passed = 0
  let failed = 0
  for (const file of files) {
    const loaded = readFlow(file)
    if (typeof loaded === 'string') {
      failed++
      write(`✗ ${displayPath(file)}: ${loaded}\n`)
      continue
    }
    let library = opts.library
    if (!library) {
      const beside = besideLibrary(file)
      const read = beside ? readLibrary(beside) : null
      if (read && !read.ok) {
        failed++
        write(`✗ ${displayPath(file)}: ${read.message}\n`)
        continue
      }
      library = read ? libraryEffects(read.items, null) : undefined
    }
    const deps = commandLineDeps(library)
    const report = await fuzzFlow(loaded, deps, { runs: opts.runs, seed })
    passed += report.conversations - report.failed
    failed += report.failed
    const n = report.findings.length
    // The failed conversations are counted by finding below, so the last line's count is the sum of what is listed.
    write(
      `fuzz ${displayPath(file)}: ${report.conversations} conversations, ${report.failed} failed, ${n ? `${n} finding${n === 1 ? '' : 's'}` : 'no findings'}\n`,
    )
    const dir = path.join(path.dirname(file), `${path.basename(file).replace(/(\.flow)?\.json$/, '')}.tests`, 'fuzz')
    if (n) saveFindings(report.findings, file, dir, { runs: opts.runs, seed, words: KIND_WORDS }, write)
    for (const u of report.unreached)
      write(
        `  not reached: ${u.nodeName} → ${u.portLabel}${u.needs.length ? `: no conversation gave the values it needs of ${describeNeeds(u.needs)}` : ''}\n`,
      )
  }
  write(`seed ${seed}: run again with --seed ${seed} to play the same conversations\n`)
  write(`${passed} passed, ${failed} failed\n`)
  return failed > 0 ? 1 : 0
}

function saveFindings(
  findings: Finding[],
  flowFile: string,
  dir: string,
  run: { runs: number; seed: number; words: Record<FindingKind, string> },
  write: (s: string) => void,
): void {
  fs.mkdirSync(dir, { recursive: true })
  for (const f of fs.readdirSync(dir)) {
    const file = path.join(dir, f)
    if (f.endsWith('.test.yaml') && fs.readFileSync(file, 'utf8').startsWith(FUZZ_MARK)) fs.rmSync(file)
  }
  findings.forEach((f, i) => {
    const what = `${run.words[f.kind]}${f.nodeName ? ` at ${f.nodeName}` : ''}`
    const more = f.seen > 1 ? `; ${f.seen} conversations showed it` : ''
    write(`  ✗ ${what} (conversation ${f.conversation}${more}): ${oneLine(f.message)}\n`)
    if (!f.test) {
      write(`      not saved: the conversation could not be written as a test\n`)
      return
    }
    const file = path.join(dir, `${String(i + 1).padStart(2, '0')}-${slug(what)}.test.yaml`)
    const header = [
      FUZZ_MARK,
      `# chatflow test --fuzz ${run.runs} --seed ${run.seed}, conversation ${f.conversation}: ${what}:`,
      `#   ${oneLine(f.message)}`,
      '# It plays that conversation again and expects what the flow did then, so it passes while the problem is there;',
      '# once the flow is fixed it fails where the behaviour changed: update its expectations, or delete it.',
      ...(f.reproduced ? [] : ['# Playing it again did not show the problem (it depends on time or randomness).']),
    ]
    const test = { ...f.test, flow: path.relative(dir, flowFile).split(path.sep).join('/') }
    fs.writeFileSync(file, `${header.join('\n')}\n${serialiseConversationTest(test)}`)
    write(`      saved ${displayPath(file)}\n`)
  })
}

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, ' ')
  return flat.length > 160 ? flat.slice(0, 159) + '…' : flat
}

function readFlow(file: string): FlowDocument | string {
  let text: string
  try {
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return 'cannot read the file'
  }
  const loaded = parseFlow(text)
  return loaded.ok ? loaded.document : `not a flow: ${loaded.error.message}`
}
