import { renameRoot } from '../expr'
import { withParsedConfigs } from '../nodes/registry'
import type { FlowDocument } from '../flow/document'
import { checkNodeName, type NameProblem } from '../flow/names'
import { getAt, setAt } from '../flow/pointer'
import { nodeTextFields, referencesTo, type Reference } from './references'
import { variableRoots } from './variables'

// Renaming a node rewrites every {{old…}} read in the flow, nested expressions included, and moves its sample.
// planRename gives the confirmation dialog its list; renameNode applies it.

export type RenameResult =
  | { ok: true; document: FlowDocument; places: Reference[]; count: number }
  | { ok: false; problem: NameProblem | { code: 'node.unknown' | 'name.shadows_variable'; message: string } }

export function planRename(doc: FlowDocument, nodeId: string): Reference[] {
  const node = doc.nodes.find((n) => n.id === nodeId)
  return node ? referencesTo(doc, node.name) : []
}

export function renameNode(doc: FlowDocument, nodeId: string, newName: string): RenameResult {
  return withParsedConfigs(() => rename(doc, nodeId, newName))
}

function rename(doc: FlowDocument, nodeId: string, newName: string): RenameResult {
  const node = doc.nodes.find((n) => n.id === nodeId)
  if (!node)
    return { ok: false, problem: { code: 'node.unknown', message: `No node with id '${nodeId}' in this flow.` } }
  const oldName = node.name
  const problem = checkNodeName(
    newName,
    doc.nodes.filter((n) => n.id !== nodeId).map((n) => n.name),
  )
  if (problem) return { ok: false, problem }
  // A name that is already a variable would merge two sets of references, and renaming back could not split them.
  if (variableRoots(doc).has(newName))
    return {
      ok: false,
      problem: {
        code: 'name.shadows_variable',
        message: `'${newName}' is already a variable in this flow; choose another name.`,
      },
    }
  const places = referencesTo(doc, oldName)
  if (oldName === newName) return { ok: true, document: doc, places: [], count: 0 }
  let count = 0
  const nodes = doc.nodes.map((n) => {
    let config = n.config
    for (const f of nodeTextFields(n)) {
      // Write back only into fields that exist in the stored config: defaults hold no references.
      if (typeof getAt(config, f.pointer) !== 'string') continue
      const r = renameRoot(f.value, oldName, newName)
      if (r.count === 0) continue
      count += r.count
      config = setAt(config, f.pointer, r.text)
    }
    return n.id === nodeId ? { ...n, name: newName, config } : config === n.config ? n : { ...n, config }
  })
  let samples = doc.samples
  if (Object.prototype.hasOwnProperty.call(samples, oldName)) {
    samples = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k === oldName ? newName : k, v]))
  }
  return { ok: true, document: { ...doc, nodes, samples }, places, count }
}
