import type { FlowDocument, FlowNode } from '../flow/document'
import { flowLanguages, matchLanguage } from '../flow/languages'
import { setAt } from '../flow/pointer'
import { nodeTranslations } from '../flow/translations'
import type { NodeCatalog } from './deps'

// A node's config in the run's language (docs/languages.md): the node configs hold the default language's texts,
// and a run in another language hands the runner a copy with that language's translations put in at their pointers,
// so no runner knows about languages. A text without a translation keeps the default text, and the node's trace
// event says so (execute-node.ts).

export interface LocalizedConfig {
  /** The config to parse and run: the node's own when nothing was put in. */
  config: unknown
  /** The flow language the texts are in; null when the run speaks the flow's default (nothing to put in). */
  language: string | null
  /** Pointers of customer texts with no translation: their default text is sent. */
  missing: string[]
  /** Pointers of texts translated from an earlier default text: the translation is still sent. */
  outdated: string[]
  /** The labels of the missing and outdated texts ('Body', 'Button 2 title'), by pointer, for the trace line. */
  labels: Record<string, string>
}

// Documents and nodes are never changed in place (a new object per edit), so an answer holds for the pair of
// objects: per document (its translations), per node object, per language.
const cache = new WeakMap<object, WeakMap<FlowNode, Map<string, LocalizedConfig>>>()

/**
 * `node`'s config in `language` as `doc` (the flow the node belongs to) translates it. Only the texts the node type
 * declares as customer texts are put in: a translation at any other pointer is never read. A language the flow does
 * not list (a called flow with other languages) matches by primary language, else the default texts are sent.
 */
export function localizeConfig(
  node: FlowNode,
  language: string,
  doc: Pick<FlowDocument, 'settings' | 'translations'>,
  catalog: NodeCatalog,
): LocalizedConfig {
  const langs = flowLanguages(doc)
  const lang = langs.multi ? matchLanguage(language, langs.list) : null
  if (!lang || lang === langs.default)
    return { config: node.config, language: null, missing: [], outdated: [], labels: {} }
  let perDoc = cache.get(doc)
  if (!perDoc) cache.set(doc, (perDoc = new WeakMap()))
  let perNode = perDoc.get(node)
  if (!perNode) perDoc.set(node, (perNode = new Map()))
  let localized = perNode.get(lang)
  if (!localized) perNode.set(lang, (localized = build(node, lang, doc, catalog)))
  return localized
}

function build(
  node: FlowNode,
  lang: string,
  doc: Pick<FlowDocument, 'translations'>,
  catalog: NodeCatalog,
): LocalizedConfig {
  const none = { config: node.config, language: lang, missing: [], outdated: [], labels: {} }
  const definition = catalog.node(node.type)
  const parsed = definition?.configSchema.safeParse(node.config)
  if (!definition || !parsed?.success) return none
  const texts = nodeTranslations(doc, lang, node.id)
  let config: unknown = parsed.data
  const missing: string[] = []
  const outdated: string[] = []
  const labels: Record<string, string> = {}
  for (const t of definition.customerTexts(parsed.data)) {
    if (!t.value.trim()) continue
    const found = Object.prototype.hasOwnProperty.call(texts, t.pointer) ? texts[t.pointer] : undefined
    if (!found) {
      missing.push(t.pointer)
      labels[t.pointer] = t.label
      continue
    }
    if (found.source !== t.value) {
      outdated.push(t.pointer)
      labels[t.pointer] = t.label
    }
    config = setAt(config, t.pointer, found.text)
  }
  return { config, language: lang, missing, outdated, labels }
}
