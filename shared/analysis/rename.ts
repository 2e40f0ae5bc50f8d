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
  const translations = renameInTranslations(doc.translations, oldName, newName)
  count += translations.count
  const document = { ...doc, nodes, samples }
  if (translations.table) document.translations = translations.table
  return { ok: true, document, places, count }
}

/**
 * The translations (docs/languages.md) read the same nodes as the texts they translate: their texts, and the
 * sources they were made from (so a rename does not make them outdated), are rewritten as the configs are.
 */
function renameInTranslations(
  table: FlowDocument['translations'],
  oldName: string,
  newName: string,
): { table: FlowDocument['translations']; count: number } {
  if (!table) return { table, count: 0 }
  let count = 0
  let changed = false
  const next: NonNullable<FlowDocument['translations']> = {}
  for (const [lang, byNode] of Object.entries(table)) {
    const nodes: (typeof next)[string] = {}
    for (const [nodeId, texts] of Object.entries(byNode)) {
      const out: (typeof nodes)[string] = {}
      for (const [pointer, t] of Object.entries(texts)) {
        const text = renameRoot(t.text, oldName, newName)
        const source = renameRoot(t.source, oldName, newName)
        count += text.count
        if (text.count || source.count) changed = true
        put(out, pointer, text.count || source.count ? { text: text.text, source: source.text } : t)
      }
      put(nodes, nodeId, out)
    }
    put(next, lang, nodes)
  }
  return { table: changed ? next : table, count }
}

/** An own property even for a key such as '__proto__' (a node id from a file may be any text). */
function put<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true })
}
