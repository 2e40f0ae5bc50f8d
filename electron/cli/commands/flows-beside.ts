// The other flows a command given flow files reads calls against (a Call Flow node's callee), found as `chatflow
// test` and `chatflow run` find them (flow-files.ts): the files given win, then each `--flows <file|dir>` (a folder's
// `*.flow.json`), then the `*.flow.json` beside each file given. A file there that cannot be read as a flow is left
// out (it is not what the command was asked about); a call to it is then reported as a call to an unknown flow.
import fs from 'node:fs'
import path from 'node:path'
import { catalogueOf, type FlowCatalogue } from '../../../shared/flow/catalogue'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { readInputFile } from './input-file'

const flowFilesIn = (dir: string): string[] => {
  try {
    return fs
      .readdirSync(dir)
      .filter((n) => n.endsWith('.flow.json'))
      .sort()
      .map((n) => path.join(dir, n))
  } catch {
    return []
  }
}

/** `given` are the documents the command read itself; `extra` the --flows paths (files or folders). */
export function flowsBeside(
  given: Array<{ file: string; doc: FlowDocument }>,
  extra: readonly string[],
): FlowCatalogue {
  const own = new Set(given.map((g) => path.resolve(g.file)))
  const beside = [...new Set(given.map((g) => path.dirname(path.resolve(g.file))))].flatMap(flowFilesIn)
  const named = extra.flatMap((p) => (fs.statSync(p, { throwIfNoEntry: false })?.isDirectory() ? flowFilesIn(p) : [p]))
  // A catalogue keeps the last document of an id: lowest precedence first.
  const docs: FlowDocument[] = []
  for (const file of [...beside, ...named.reverse()]) {
    if (own.has(path.resolve(file))) continue
    const read = readInputFile(file)
    const loaded = read.ok ? parseFlow(read.text) : null
    if (loaded?.ok) docs.push(loaded.document)
  }
  return catalogueOf([...docs, ...given.map((g) => g.doc)])
}

/** The first --flows path that does not exist, for the commands' usage error (exit 2). */
export function missingPath(extra: readonly string[]): string | null {
  return extra.find((p) => !fs.existsSync(p)) ?? null
}
