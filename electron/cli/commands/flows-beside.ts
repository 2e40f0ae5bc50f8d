// The other flows a command given flow files reads calls against (a Call Flow node's callee): the files given, every
// `*.flow.json` in each one's folder, and every `*.flow.json` in each `--flows DIR`. A flow in a folder that cannot
// be read as a flow is left out (it is not what the command was asked about); a call to it is then reported as a
// call to an unknown flow, naming the folders read.
import fs from 'node:fs'
import path from 'node:path'
import { catalogueOf, type FlowCatalogue } from '../../../shared/flow/catalogue'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { readInputFile } from './input-file'

export interface FlowsBeside {
  flows: FlowCatalogue
  /** The folders read, for messages. */
  folders: string[]
}

/** `given` are the documents the command read itself (they win over a copy of the same id found in a folder). */
export function flowsBeside(given: Array<{ file: string; doc: FlowDocument }>, dirs: readonly string[]): FlowsBeside {
  const folders = [
    ...new Set([...given.map((g) => path.dirname(path.resolve(g.file))), ...dirs.map((d) => path.resolve(d))]),
  ]
  const docs: FlowDocument[] = []
  const skip = new Set(given.map((g) => path.resolve(g.file)))
  for (const folder of folders) {
    let names: string[]
    try {
      names = fs
        .readdirSync(folder)
        .filter((n) => n.endsWith('.flow.json'))
        .sort()
    } catch {
      continue
    }
    for (const name of names) {
      const file = path.join(folder, name)
      if (skip.has(file)) continue
      const read = readInputFile(file)
      if (!read.ok) continue
      const loaded = parseFlow(read.text)
      if (loaded.ok) docs.push(loaded.document)
    }
  }
  return { flows: catalogueOf([...docs, ...given.map((g) => g.doc)]), folders }
}
