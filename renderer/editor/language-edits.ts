import type { FlowDocument, FlowNode, Translation, Translations } from '../../shared/flow/document'
import { getAt, setAt } from '../../shared/flow/pointer'
import { copyNodeTranslations } from '../../shared/flow/translations'
import { languagesOf, withLanguages } from './languages'

// Edits of a flow's languages that touch its texts, not only its settings: removing a language takes its
// translations with it (undo brings them back), changing the default language swaps the texts, since the node
// configs always hold the default language's texts (docs/languages.md), and copied nodes carry their translations.
// Single texts are read and written with the model's translationOf/setTranslation (shared/flow/translations.ts).

type Table = Translations

const tableOf = (doc: FlowDocument): Table => doc.translations ?? {}

function withTable(doc: FlowDocument, table: Table): FlowDocument {
  const next = { ...doc }
  if (Object.keys(table).length) next.translations = table
  else delete next.translations
  return next
}

/** The document without any translation into `tag`. */
export function withoutLanguage(doc: FlowDocument, tag: string): FlowDocument {
  const table = tableOf(doc)
  if (!(tag in table)) return doc
  const rest = { ...table }
  delete rest[tag]
  return withTable(doc, rest)
}

/** The pointers of a node's customer texts (NodeDefinition.customerTexts), in the order its type declares them. */
export type TextPointers = (node: FlowNode) => string[]

export interface DefaultChange {
  doc: FlowDocument
  /** The previous default language. */
  previous: string
  /** Texts with no translation into the new default: they keep the text they had (now sent as the new default). */
  kept: number
}

/**
 * Makes `tag` the default language. Each customer text's translation into `tag` moves into the node's config, and
 * the text it replaces becomes the previous default's translation (its source: the new default text), so no text is
 * lost and undo is one step. A text with no translation keeps its text in the config and is counted in `kept` (the
 * studio says how many). Other languages' translations stay; their source is now a text of another language, so
 * validation shows them outdated, which is what a translator should check.
 */
export function changeDefaultLanguage(doc: FlowDocument, tag: string, pointersOf: TextPointers): DefaultChange {
  const languages = languagesOf(doc)
  const previous = languages?.default ?? tag
  if (!languages || tag === previous || !languages.list.includes(tag)) return { doc, previous, kept: 0 }
  const table = tableOf(doc)
  const into = table[tag] ?? {}
  const back: Record<string, Record<string, Translation>> = {}
  let kept = 0
  const nodes = doc.nodes.map((node) => {
    let config = node.config
    for (const pointer of pointersOf(node)) {
      const text = getAt(node.config, pointer)
      if (typeof text !== 'string' || !text) continue
      const translated = into[node.id]?.[pointer]?.text
      if (translated) {
        config = setAt(config, pointer, translated) as Record<string, unknown>
        ;(back[node.id] ??= {})[pointer] = { text, source: translated }
      } else {
        kept++
        ;(back[node.id] ??= {})[pointer] = { text, source: text }
      }
    }
    return config === node.config ? node : { ...node, config }
  })
  const rest: Table = { ...table }
  delete rest[tag]
  if (Object.keys(back).length) rest[previous] = back
  const next = withTable({ ...doc, nodes }, rest)
  return { doc: withLanguages(next, { ...languages, default: tag }), previous, kept }
}

/** The translations of some nodes (a copy to the clipboard), or undefined when they have none. */
export function clipTranslations(doc: FlowDocument, nodeIds: ReadonlySet<string>): Table | undefined {
  const out: Table = {}
  for (const [language, byNode] of Object.entries(tableOf(doc))) {
    const kept = Object.fromEntries(Object.entries(byNode).filter(([id]) => nodeIds.has(id)))
    if (Object.keys(kept).length) out[language] = kept
  }
  return Object.keys(out).length ? out : undefined
}

/**
 * Adds pasted nodes' translations under their new ids, for the languages the target flow lists besides its default
 * (a text pasted into a flow that does not speak a language has nothing to be a translation of there).
 */
export function withPastedTranslations(
  doc: FlowDocument,
  pasted: Table | undefined,
  idMap: ReadonlyMap<string, string>,
): FlowDocument {
  const languages = languagesOf(doc)
  if (!pasted || !languages) return doc
  const spoken = Object.fromEntries(
    Object.entries(pasted).filter(([tag]) => tag !== languages.default && languages.list.includes(tag)),
  )
  return copyNodeTranslations(doc, { translations: spoken }, idMap)
}
