// Where `chatflow run` and `chatflow test` find the flows a Call Flow node calls (docs/engine.md, "Calls"): the
// files and folders given with --flows (folders searched, sub-folders too, for *.flow.json), then the *.flow.json
// files beside the flow being run. Every file is read once, and only when a call needs one; a file that is not a
// valid flow is skipped (it cannot be the callee: its id is unknown), so a call to it fails as callee_missing.
import fs from 'node:fs'
import path from 'node:path'
import type { FlowSource } from '../../../shared/engine'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { collectFiles } from './host'
import { readInputFile } from './input-file'

export const FLOWS_USAGE = `Calls (Call Flow nodes) find the flow they call by its id among:
  --flows <file|dir>      flow files, or folders searched for *.flow.json (repeat it for several); first
  beside                  then the *.flow.json files in the folder of the flow being run`

const isFlowFile = (file: string) => file.endsWith('.flow.json')

/** The *.flow.json files a --flows argument names, or why it names none. */
export function flowFilesOf(arg: string): string[] | string {
  if (!fs.existsSync(arg)) return `--flows ${arg}: no such file or folder`
  return collectFiles(arg, (f) => isFlowFile(f) || path.resolve(f) === path.resolve(arg))
}

/** The flows found by id, looked up first in `given`, then beside `flowFile`; the run's own flow is its own. */
export function flowFilesSource(flowFile: string, given: string[], own?: FlowDocument): FlowSource {
  let byId: Map<string, FlowDocument> | null = null
  const index = () => {
    if (byId) return byId
    byId = new Map()
    if (own) byId.set(own.id, own)
    const dir = path.dirname(path.resolve(flowFile))
    const beside = fs
      .readdirSync(dir)
      .filter(isFlowFile)
      .sort()
      .map((f) => path.join(dir, f))
    for (const file of [...given, ...beside]) {
      const read = readInputFile(file)
      const loaded = read.ok ? parseFlow(read.text) : null
      if (loaded?.ok && !byId.has(loaded.document.id)) byId.set(loaded.document.id, loaded.document)
    }
    return byId
  }
  return {
    load: async (flowId) => {
      const doc = index().get(flowId)
      return doc ? { doc, revision: null } : null
    },
  }
}
