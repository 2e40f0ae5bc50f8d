// The flow files `chatflow translations` reads: files named, and folders searched for *.flow.json. A folder's flow
// that cannot be read is an error as a named file's is: a translation silently left out would be lost work.
import fs from 'node:fs'
import path from 'node:path'
import type { FlowDocument } from '../../../shared/flow/document'
import { parseFlow } from '../../../shared/nodes/load-flow'
import { collectFiles } from './host'
import { readInputFile } from './input-file'

export interface FlowFile {
  /** As the user gave it, or relative to the working folder when found in a folder. */
  file: string
  path: string
  doc: FlowDocument
  /** Found in a folder rather than named: one that does not have the language is passed over, not refused. */
  inFolder: boolean
}

export function readFlowFiles(args: string[]): { ok: true; flows: FlowFile[] } | { ok: false; message: string } {
  const flows: FlowFile[] = []
  for (const arg of args) {
    if (!fs.existsSync(arg)) return { ok: false, message: `${arg}: no such file or folder` }
    const inFolder = fs.statSync(arg).isDirectory()
    const files = collectFiles(arg, (f) => f.endsWith('.flow.json'))
    if (inFolder && files.length === 0) return { ok: false, message: `${arg}: no *.flow.json file in this folder` }
    for (const file of files) {
      const shown = inFolder ? path.relative(process.cwd(), file) || file : arg
      const read = readInputFile(file)
      if (!read.ok) return { ok: false, message: `${shown}: cannot read (${read.reason})` }
      const loaded = parseFlow(read.text)
      if (!loaded.ok) return { ok: false, message: `${shown}: ${loaded.error.message}` }
      if (flows.some((f) => f.doc.id === loaded.document.id))
        return { ok: false, message: `${shown}: flow id ${loaded.document.id} is also in another file given` }
      flows.push({ file: shown, path: file, doc: loaded.document, inFolder })
    }
  }
  return { ok: true, flows }
}
