import type { FlowDocument, FlowNode } from '../flow/document'
import type { CustomerText, CustomerTextKind } from '../flow/node-facts'
import type { Problem } from '../flow/problem'
import { flowLanguages, languageLabel, languageName } from '../flow/languages'
import { nodeTranslations } from '../flow/translations'
import { splitTemplate } from '../expr/split'
import { isNodeType } from '../nodes/node-types'
import { NODE_DEFINITIONS, parseConfig } from '../nodes/registry'
import { setAt } from '../flow/pointer'
import { flowSettings } from '../flow/settings'

// The customer texts of a flow as translators and checks see them (docs/languages.md): one unit per text a node
// declares (NodeDefinition.customerTexts), with its translation into every other language of the flow. The export
// formats (shared/translate), the canvas's language switch and validation all read the same units.

export interface TextUnit {
  /** `${nodeId}${pointer}`: stable while the node and the text's place in its config are. */
  id: string
  nodeId: string
  nodeName: string
  nodeType: string
  pointer: string
  label: string
  kind: CustomerTextKind
  limit: number | null
  /** The default language's text, as the node config holds it. */
  source: string
  /** Every language of the flow but the default: its translation, or null when there is none. */
  translations: Record<string, { text: string; outdated: boolean } | null>
}

/** The customer texts a node declares; [] for a type this build does not know or a config that does not parse. */
export function customerTextsOf(node: Pick<FlowNode, 'type' | 'config'>): CustomerText[] {
  if (!isNodeType(node.type)) return []
  const parsed = parseConfig(node.type, node.config)
  return parsed.success ? NODE_DEFINITIONS[node.type].customerTexts(parsed.data) : []
}

/** Every customer text of the flow with a text to translate, in canvas order: nodes as listed, texts as declared. */
export function textUnits(doc: FlowDocument): TextUnit[] {
  const langs = flowLanguages(doc)
  const others = langs.list.filter((l) => l !== langs.default)
  const units: TextUnit[] = []
  for (const node of doc.nodes)
    for (const t of customerTextsOf(node)) {
      if (!t.value.trim()) continue
      const translations: TextUnit['translations'] = {}
      for (const lang of others) {
        const found = nodeTranslations(doc, lang, node.id)[t.pointer]
        translations[lang] = found ? { text: found.text, outdated: found.source !== t.value } : null
      }
      units.push({
        id: `${node.id}${t.pointer}`,
        nodeId: node.id,
        nodeName: node.name,
        nodeType: node.type,
        pointer: t.pointer,
        label: t.label,
        kind: t.kind,
        limit: t.limit,
        source: t.value,
        translations,
      })
    }
  return units
}

/** The `{{…}}` placeholders of a text as written, in order (an escaped `\{{` is text, not a placeholder). */
export function placeholdersOf(text: string): string[] {
  return splitTemplate(text)
    .chunks.filter((c) => c.kind === 'code')
    .map((c) => text.slice(c.start, c.end))
}

/**
 * How a translation's placeholders differ from its source's: the ones it drops and the ones it adds or changes,
 * each as written. Order may change (languages order words differently); spaces inside the braces do not count.
 */
export function placeholderChanges(source: string, translation: string): { dropped: string[]; added: string[] } {
  const key = (p: string) => p.slice(2, -2).trim()
  const left = new Map<string, number>()
  for (const p of placeholdersOf(translation)) left.set(key(p), (left.get(key(p)) ?? 0) + 1)
  const dropped: string[] = []
  for (const p of placeholdersOf(source)) {
    const n = left.get(key(p)) ?? 0
    if (n > 0) left.set(key(p), n - 1)
    else dropped.push(p)
  }
  const added = placeholdersOf(translation).filter((p) => {
    const n = left.get(key(p)) ?? 0
    if (n <= 0) return false
    left.set(key(p), n - 1)
    return true
  })
  return { dropped, added }
}

/** Length as the channel counts it: code points, placeholders as written (shared/flow/checks.ts, maxLength). */
export const textLength = (text: string) => [...text].length

/**
 * The node type's own rules broken only in a language (two buttons both 'Sí', an emoji in a form's button label):
 * the node's checks run on its config in that language, and what they find on a translated text that the default
 * texts do not break is the translation's problem. Lengths are checked once, by `translation.limit`.
 */
function ruleProblems(doc: FlowDocument, nodeId: string, lang: string, configPointer: string): Problem[] {
  const index = doc.nodes.findIndex((n) => n.id === nodeId)
  const node = doc.nodes[index]
  if (!node || !isNodeType(node.type)) return []
  const parsed = parseConfig(node.type, node.config)
  if (!parsed.success) return []
  const def = NODE_DEFINITIONS[node.type]
  const texts = nodeTranslations(doc, lang, nodeId)
  let localized: unknown = parsed.data
  const translated = new Set<string>()
  for (const t of def.customerTexts(parsed.data)) {
    const found = Object.prototype.hasOwnProperty.call(texts, t.pointer) ? texts[t.pointer] : undefined
    if (!found || !t.value.trim()) continue
    localized = setAt(localized, t.pointer, found.text)
    translated.add(t.pointer)
  }
  if (!translated.size) return []
  const ctx = { nodeId, nodeName: node.name, configPointer, locale: flowSettings(doc).locale }
  const key = (p: Problem) => `${p.code}\u0000${p.field ?? ''}`
  const before = new Set(def.validate(parsed.data, ctx).map(key))
  return def
    .validate(localized, ctx)
    .filter((p) => p.code !== 'limit.length' && p.field && translated.has(p.field) && !before.has(key(p)))
    .map((p) => ({ ...p, code: 'translation.rule', message: `${languageLabel(lang)}: ${p.message}` }))
}

/** 'Body', 'Body and Button 2 title', 'Body, Footer and Button 1 title'. */
function listOf(labels: string[]): string {
  return labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} and ${labels.at(-1)}`
}

/**
 * The translation problems of a flow, per node and language (docs/languages.md): texts not translated or translated
 * from an earlier text (warnings: the default text, or the old translation, is sent), a translation that drops or
 * changes a placeholder or breaks the channel's limit (errors), and translations into a language the flow does not
 * list (warnings: never sent).
 */
export function translationProblems(doc: FlowDocument): Problem[] {
  const langs = flowLanguages(doc)
  const others = langs.list.filter((l) => l !== langs.default)
  const out: Problem[] = []
  for (const lang of Object.keys(doc.translations ?? {}))
    if (!others.includes(lang))
      out.push({
        severity: 'warning',
        code: 'translation.unknown_language',
        message:
          lang === langs.default
            ? `${languageLabel(lang)} is the flow's default language: its texts are the nodes' own, so these translations are never sent.`
            : `Translations into ${languageLabel(lang)}, which is not one of the flow's languages: they are never sent. Add the language or delete them.`,
        pointer: `/translations/${lang.replace(/~/g, '~0').replace(/\//g, '~1')}`,
      })
  if (!others.length) return out
  const defaultName = languageName(langs.default)
  const index = new Map(doc.nodes.map((n, i) => [n.id, i]))
  const byNode = new Map<string, TextUnit[]>()
  for (const u of textUnits(doc)) byNode.set(u.nodeId, [...(byNode.get(u.nodeId) ?? []), u])
  for (const [nodeId, units] of byNode) {
    const configPointer = `/nodes/${index.get(nodeId)}/config`
    const at = (severity: Problem['severity'], code: string, message: string, field: string): Problem => ({
      severity,
      code,
      message,
      nodeId,
      field,
      pointer: configPointer + field,
    })
    for (const lang of others) {
      const label = languageLabel(lang)
      const missing = units.filter((u) => !u.translations[lang])
      if (missing.length)
        out.push(
          at(
            'warning',
            'translation.missing',
            `${label}: ${listOf(missing.map((u) => u.label))} ${missing.length === 1 ? 'is' : 'are'} not translated; the ${defaultName} text is sent.`,
            missing[0]!.pointer,
          ),
        )
      const outdated = units.filter((u) => u.translations[lang]?.outdated)
      if (outdated.length)
        out.push(
          at(
            'warning',
            'translation.outdated',
            `${label}: ${listOf(outdated.map((u) => u.label))} changed since ${outdated.length === 1 ? 'it was' : 'they were'} translated; the earlier translation is sent until it is checked.`,
            outdated[0]!.pointer,
          ),
        )
      out.push(...ruleProblems(doc, nodeId, lang, configPointer))
      for (const u of units) {
        const t = u.translations[lang]
        if (!t) continue
        const { dropped, added } = placeholderChanges(u.source, t.text)
        if (dropped.length || added.length)
          out.push(
            at(
              'error',
              'translation.placeholders',
              `${label} ${u.label}: the translation ${[
                dropped.length ? `drops ${dropped.join(', ')}` : '',
                added.length ? `has ${added.join(', ')}, which the ${defaultName} text does not` : '',
              ]
                .filter(Boolean)
                .join(' and ')}; keep the placeholders of the ${defaultName} text as they are.`,
              u.pointer,
            ),
          )
        if (u.limit !== null && textLength(t.text) > u.limit)
          out.push(
            at(
              'error',
              'translation.limit',
              `${label} ${u.label}: ${textLength(t.text)} characters; the channel allows at most ${u.limit}.`,
              u.pointer,
            ),
          )
      }
    }
  }
  return out
}
