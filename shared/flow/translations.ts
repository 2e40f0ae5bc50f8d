import type { FlowDocument, FlowNode, Translation, Translations } from './document'
import type { CustomerText } from './node-facts'

// Reading and writing the document's `translations` table (docs/languages.md, "Languages of a flow"). Every write is
// an immutable update: the document and the maps along the way are copied, the rest is shared, and a map left empty
// is removed, so that a flow whose translations are all cleared serialises exactly as one that never had any.

export type { Translation, Translations }

/** The translation of one text of one node into `lang`, or null when it has none. */
export function translationOf(
  doc: Pick<FlowDocument, 'translations'>,
  lang: string,
  nodeId: string,
  pointer: string,
): Translation | null {
  const t = own(own(own(doc.translations, lang), nodeId), pointer)
  return t ?? null
}

/** The texts of one node in one language: pointer → translation (an empty object when none). */
export function nodeTranslations(
  doc: Pick<FlowDocument, 'translations'>,
  lang: string,
  nodeId: string,
): Readonly<Record<string, Translation>> {
  return own(own(doc.translations, lang), nodeId) ?? EMPTY
}

/**
 * Sets the translation of one text: `text` in `lang`, translating `source` (the default-language text as it is
 * now). An empty text deletes the translation: the default text is then sent in its place.
 */
export function setTranslation<D extends Pick<FlowDocument, 'translations'>>(
  doc: D,
  lang: string,
  nodeId: string,
  pointer: string,
  text: string,
  source: string,
): D {
  const byLang = { ...(doc.translations ?? {}) }
  const byNode = { ...(own(byLang, lang) ?? {}) }
  const texts = { ...(own(byNode, nodeId) ?? {}) }
  if (text === '') delete texts[pointer]
  else put(texts, pointer, { text, source })
  if (Object.keys(texts).length) put(byNode, nodeId, texts)
  else delete byNode[nodeId]
  if (Object.keys(byNode).length) put(byLang, lang, byNode)
  else delete byLang[lang]
  return withTranslations(doc, byLang)
}

/** The document without any translation of these nodes (deleted nodes leave nothing behind). */
export function removeNodeTranslations<D extends Pick<FlowDocument, 'translations'>>(
  doc: D,
  nodeIds: Iterable<string>,
): D {
  if (!doc.translations) return doc
  const gone = new Set(nodeIds)
  let changed = false
  const byLang: Translations = {}
  for (const [lang, byNode] of Object.entries(doc.translations)) {
    const kept = Object.fromEntries(Object.entries(byNode).filter(([id]) => !gone.has(id)))
    if (Object.keys(kept).length !== Object.keys(byNode).length) changed = true
    if (Object.keys(kept).length) put(byLang, lang, kept)
  }
  return changed ? withTranslations(doc, byLang) : doc
}

/**
 * The translations of nodes copied from `from` to new ids in `doc` (a duplicate or a paste): `idMap` maps each
 * copied node's old id to its new one. Texts of ids not in the map are not copied.
 */
export function copyNodeTranslations<D extends Pick<FlowDocument, 'translations'>>(
  doc: D,
  from: Pick<FlowDocument, 'translations'>,
  idMap: ReadonlyMap<string, string>,
): D {
  if (!from.translations) return doc
  let out = doc
  for (const [lang, byNode] of Object.entries(from.translations))
    for (const [oldId, newId] of idMap) {
      const texts = own(byNode, oldId)
      if (!texts) continue
      for (const [pointer, t] of Object.entries(texts))
        out = setTranslation(out, lang, newId, pointer, t.text, t.source)
    }
  return out
}

/**
 * The document without translations nobody can read any more: of nodes it no longer holds, or of config pointers
 * that are no longer one of their node's customer texts (`textsOf`, the node types' declaration). Languages are
 * kept even when the flow no longer lists them: validation names them, and dropping a language is the designer's
 * decision.
 */
export function pruneTranslations<D extends Pick<FlowDocument, 'translations' | 'nodes'>>(
  doc: D,
  textsOf: (node: FlowNode) => readonly Pick<CustomerText, 'pointer'>[],
): D {
  if (!doc.translations) return doc
  const pointers = new Map<string, Set<string>>()
  for (const n of doc.nodes) pointers.set(n.id, new Set(textsOf(n).map((t) => t.pointer)))
  let changed = false
  const byLang: Translations = {}
  for (const [lang, byNode] of Object.entries(doc.translations)) {
    const keptNodes: Translations[string] = {}
    for (const [nodeId, texts] of Object.entries(byNode)) {
      const known = pointers.get(nodeId)
      const kept = Object.fromEntries(Object.entries(texts).filter(([p]) => known?.has(p)))
      if (Object.keys(kept).length !== Object.keys(texts).length) changed = true
      if (Object.keys(kept).length) put(keptNodes, nodeId, kept)
    }
    if (Object.keys(keptNodes).length) put(byLang, lang, keptNodes)
  }
  return changed ? withTranslations(doc, byLang) : doc
}

const EMPTY: Readonly<Record<string, Translation>> = Object.freeze({})

/** A key of a table read from a file: never one of Object.prototype's ('constructor', '__proto__'). */
function own<T>(map: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return map && Object.prototype.hasOwnProperty.call(map, key) ? map[key] : undefined
}

/** An own data property even for a key such as '__proto__' (a node id may be any text), never the prototype. */
function put<T>(map: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(map, key, { value, enumerable: true, writable: true, configurable: true })
}

function withTranslations<D extends Pick<FlowDocument, 'translations'>>(doc: D, byLang: Translations): D {
  const next = { ...doc }
  if (Object.keys(byLang).length) next.translations = byLang
  else delete next.translations
  return next
}
