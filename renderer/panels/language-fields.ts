import { useMemo } from 'react'
import type { FlowNode } from '../../shared/flow/document'
import { useEditor, useEditorStore } from '../editor/context'
import { languageName, languagesOf, shownLanguage } from '../editor/languages'
import { setTranslation, translationOf } from '../../shared/flow/translations'
import { customerTextsOf } from '../editor/model'
import type { LanguageFields } from './SchemaFields'

/**
 * What a node panel needs to show another of the flow's languages (the toolbar's Language switch), or null in the
 * default language: the node's customer texts with their translations, and the one way to write one (an undoable
 * edit of the document's `translations`, typing in one field coalesced into one step).
 */
export function useLanguageFields(node: FlowNode | undefined): (LanguageFields & { tag: string }) | null {
  const store = useEditorStore()
  const languages = useEditor((s) => languagesOf(s.doc))
  const tag = useEditor((s) => shownLanguage(languagesOf(s.doc), s.language))
  const doc = useEditor((s) => s.doc)
  return useMemo(() => {
    if (!node || !tag || !languages) return null
    const texts = new Map(
      customerTextsOf(node).map((t) => [
        t.pointer,
        { text: translationOf(doc, tag, node.id, t.pointer)?.text ?? '', source: t.value, limit: t.limit },
      ]),
    )
    const labels = new Map(customerTextsOf(node).map((t) => [t.pointer, t.label]))
    return {
      tag,
      name: languageName(tag),
      defaultName: languageName(languages.default),
      texts,
      translate(pointer: string, text: string) {
        const s = store.getState()
        const current = s.doc.nodes.find((n) => n.id === node.id)
        const unit = current && customerTextsOf(current).find((t) => t.pointer === pointer)
        if (!unit || (translationOf(s.doc, tag, node.id, pointer)?.text ?? '') === text) return
        s.apply(
          `${text ? 'Translate' : 'Clear the translation of'} ${labels.get(pointer) ?? pointer} (${languageName(tag)})`,
          setTranslation(s.doc, tag, node.id, pointer, text, unit.value),
          `translation:${tag}:${node.id}:${pointer}`,
        )
      },
    }
  }, [node, tag, languages, doc, store])
}
