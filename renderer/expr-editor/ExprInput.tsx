import { useEffect, useLayoutEffect, useRef } from 'react'
import { Annotation, Compartment, EditorState, Transaction } from '@codemirror/state'
import { EditorView, keymap, placeholder as cmPlaceholder, tooltips } from '@codemirror/view'
import { useEditorStore } from '../editor/context'
import { scopeFor } from './context'
import { templateExtensions } from './extensions'

/** Marks a change that came from outside (the stored value, undo), not from typing. */
const fromOutside = Annotation.define<boolean>()

/**
 * A one-line expression field outside the node panel (a breakpoint's condition, a watch expression) with the
 * Expression Builder's highlighting, completion, hover and lint, offering what is in scope at `nodeId` (the whole
 * flow's variables when null: the trigger's scope is not "everything", so the first node's is used). Enter (when no
 * completion is open) calls `onEnter`.
 */
export function ExprInput({
  value,
  onChange,
  onEnter,
  nodeId,
  label,
  invalid,
  describedBy,
  placeholder,
}: {
  value: string
  onChange(value: string): void
  onEnter?(value: string): void
  nodeId: string | null
  label: string
  invalid?: boolean
  describedBy?: string
  placeholder?: string
}) {
  const store = useEditorStore()
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const live = useRef({ onChange, onEnter, nodeId })
  live.current = { onChange, onEnter, nodeId }
  const attrs = useRef(new Compartment())
  const attributes = () => {
    const a: Record<string, string> = { 'aria-label': label, 'aria-multiline': 'false', role: 'textbox' }
    if (describedBy) a['aria-describedby'] = describedBy
    if (invalid) a['aria-invalid'] = 'true'
    return EditorView.contentAttributes.of(a)
  }

  useLayoutEffect(() => {
    const scope = () => {
      const s = store.getState()
      const id = live.current.nodeId ?? s.doc.nodes.at(-1)?.id
      return id ? scopeFor(s.doc, id, s.flows) : null
    }
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: value,
        extensions: [
          keymap.of([{ key: 'Enter', run: (ed) => (live.current.onEnter?.(ed.state.doc.toString()), true) }]),
          templateExtensions(
            { vars: () => scope()?.vars ?? [], check: () => scope()?.check },
            { singleLine: true, escapeToPanel: true },
          ),
          tooltips({ parent: document.body }),
          placeholder ? cmPlaceholder(placeholder) : [],
          attrs.current.of(attributes()),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !u.transactions.some((t) => t.annotation(fromOutside)))
              live.current.onChange(u.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = v
    return () => {
      view.current = null
      v.destroy()
    }
    // Built once; its attributes and text follow the props below without losing focus or the cursor.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store])

  useEffect(() => {
    view.current?.dispatch({ effects: attrs.current.reconfigure(attributes()) })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [label, invalid, describedBy])

  useEffect(() => {
    const v = view.current
    if (!v || v.state.doc.toString() === value) return
    v.dispatch({
      changes: { from: 0, to: v.state.doc.length, insert: value },
      annotations: [fromOutside.of(true), Transaction.addToHistory.of(false)],
    })
  }, [value])

  return (
    <div
      className={`inline-expr expr-input${invalid ? ' invalid' : ''}`}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && e.defaultPrevented) e.stopPropagation()
      }}
      ref={host}
    />
  )
}
