import type { FlowDocument, FlowNode } from '../../shared/flow/document'
import { setAt } from '../../shared/flow/pointer'
import { nodeTranslations } from '../../shared/flow/translations'
import { customerTextsOf } from '../editor/model'

// The cards in another of the flow's languages (the toolbar's Language switch): each card is drawn from a copy of
// its node whose customer texts are the translations, so its summary and port labels (button titles, list rows)
// read in that language through the type's own `summary` and `ports`. A text with no translation keeps the default
// text, wrapped in two private-use characters that no one types, so the card can draw exactly that part greyed and
// marked missing however the type's summary cuts or joins its texts. Those copies only ever reach the card.

/** Around a default text standing in for a missing translation (Unicode private use area). */
export const MISSING_OPEN = '\uE000'
export const MISSING_CLOSE = '\uE001'

export interface CardTexts {
  /** The node as the card draws it: its customer texts in the language, missing ones marked. */
  node: FlowNode
  /** Labels of the texts with no translation, in the order the type declares them. */
  missing: string[]
}

type NodeTranslations = ReturnType<typeof nodeTranslations>

/** One cache per language: an entry lives while its node object and its translations object are the same. */
const caches = new Map<string, WeakMap<FlowNode, { of: NodeTranslations; out: CardTexts }>>()

/** The card's node in `language` (never the default language: the default's card is the node itself). */
export function cardTexts(doc: FlowDocument, node: FlowNode, language: string): CardTexts {
  // The same object while this node's texts in `language` are unchanged (the model copies only what an edit touches).
  const of = nodeTranslations(doc, language, node.id)
  let cache = caches.get(language)
  if (!cache) caches.set(language, (cache = new WeakMap()))
  const known = cache.get(node)
  if (known && known.of === of) return known.out
  let config = node.config
  const missing: string[] = []
  for (const t of customerTextsOf(node)) {
    if (!t.value) continue
    const translated = Object.prototype.hasOwnProperty.call(of, t.pointer) ? of[t.pointer]?.text : undefined
    if (translated) config = setAt(config, t.pointer, translated) as Record<string, unknown>
    else {
      missing.push(t.label)
      config = setAt(config, t.pointer, `${MISSING_OPEN}${t.value}${MISSING_CLOSE}`) as Record<string, unknown>
    }
  }
  const out = { node: config === node.config ? node : { ...node, config }, missing }
  cache.set(node, { of, out })
  return out
}

export interface Segment {
  text: string
  missing: boolean
}

/** A card text cut into what is translated and what is the default text standing in for a missing translation. A
 *  summary cut short may lose a closing mark: the rest of the text is then missing too. */
export function segments(text: string): Segment[] {
  const out: Segment[] = []
  let missing = false
  let start = 0
  const push = (end: number) => {
    if (end > start) out.push({ text: text.slice(start, end), missing })
  }
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (c !== MISSING_OPEN && c !== MISSING_CLOSE) continue
    push(i)
    missing = c === MISSING_OPEN
    start = i + 1
  }
  push(text.length)
  return out
}

/** The text without its marks: what a tooltip or an accessible name says. */
export const plainText = (text: string): string => text.replace(/[\uE000\uE001]/g, '')
