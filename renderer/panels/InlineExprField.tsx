import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { forceLinting } from '@codemirror/lint'
import { Annotation, Compartment, EditorState, Transaction } from '@codemirror/state'
import { EditorView, tooltips } from '@codemirror/view'
import { useEditorStore } from '../editor/context'
import { scopeFor } from '../expr-editor/context'
import { templateExtensions } from '../expr-editor/extensions'
import { Highlighted } from './Highlighted'

export interface InlineExprFieldProps {
  id: string
  value: string
  onChange(value: string): void
  multiline: boolean
  /** The accessible name (getByLabel finds the field by it). */
  label: string
  describedBy?: string
  invalid?: boolean
  pointer: string
}

/** Marks a change that came from the flow document (undo, rename, the builder's Apply), not from typing. */
const fromDocument = Annotation.define<boolean>()
/** Other fields re-lint this long after the flow last changed (a saved sample, a renamed node). */
const RELINT_MS = 300

function contentAttrs(p: InlineExprFieldProps): Record<string, string> {
  const attrs: Record<string, string> = {
    id: p.id,
    'aria-label': p.label,
    'data-pointer': p.pointer,
    'aria-multiline': String(p.multiline),
  }
  if (p.describedBy) attrs['aria-describedby'] = p.describedBy
  if (p.invalid) attrs['aria-invalid'] = 'true'
  return attrs
}

/** A panel field that takes {{ }}: a compact CodeMirror editor with the Expression Builder's own highlighting,
 *  completion, hover and lint. Each change goes to `onChange` (the editor store coalesces typing into one undo
 *  step); a new value from the document replaces the text without entering the field's own history. */
export function InlineExprField(props: InlineExprFieldProps) {
  const { value, multiline } = props
  const store = useEditorStore()
  const host = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const live = useRef(props)
  live.current = props
  const attrs = useRef(new Compartment())
  const [ready, setReady] = useState(false)

  useLayoutEffect(() => {
    // The scope is read lazily: only when this field completes or lints, once per document for the whole panel.
    const scope = () => {
      const s = store.getState()
      return s.panelNodeId ? scopeFor(s.doc, s.panelNodeId, s.flows) : null
    }
    const v = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: live.current.value,
        extensions: [
          templateExtensions(
            { vars: () => scope()?.vars ?? [], check: () => scope()?.check },
            { singleLine: !multiline, escapeToPanel: true },
          ),
          // The panel scrolls and clips: popups go to the page so they are never cut off.
          tooltips({ parent: document.body }),
          attrs.current.of(EditorView.contentAttributes.of(contentAttrs(live.current))),
          EditorView.updateListener.of((u) => {
            if (u.docChanged && !u.transactions.some((t) => t.annotation(fromDocument)))
              live.current.onChange(u.state.doc.toString())
          }),
        ],
      }),
    })
    view.current = v
    setReady(true)
    let timer: ReturnType<typeof setTimeout> | undefined
    const unsubscribe = store.subscribe((s, prev) => {
      if (s.doc === prev.doc) return
      clearTimeout(timer)
      timer = setTimeout(() => forceLinting(v), RELINT_MS)
    })
    return () => {
      clearTimeout(timer)
      unsubscribe()
      view.current = null
      v.destroy()
    }
  }, [store, multiline])

  // A <label for> only focuses form controls: clicking the field's visible label focuses the editor, as it did the textarea.
  useEffect(() => {
    const label = document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(props.id)}"]`)
    const focus = () => view.current?.focus()
    label?.addEventListener('click', focus)
    return () => label?.removeEventListener('click', focus)
  }, [props.id, ready])

  useEffect(() => {
    view.current?.dispatch({ effects: attrs.current.reconfigure(EditorView.contentAttributes.of(contentAttrs(props))) })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.id, props.label, props.pointer, props.describedBy, props.invalid, multiline])

  useEffect(() => {
    const v = view.current
    if (!v || v.state.doc.toString() === value) return
    v.dispatch({
      changes: { from: 0, to: v.state.doc.length, insert: value },
      annotations: [fromDocument.of(true), Transaction.addToHistory.of(false)],
    })
  }, [value])

  return (
    <div
      className={`inline-expr${multiline ? ' multiline' : ''}${props.invalid ? ' invalid' : ''}`}
      onKeyDown={(e) => {
        // Escape that closed a completion or tooltip is spent: the panel must not close too.
        if (e.key === 'Escape' && e.defaultPrevented) e.stopPropagation()
      }}
    >
      {/* The editor's host comes first, so focusing a field by its pointer finds the editor, not this stand-in. */}
      <div ref={host} />
      {/* Until the editor mounts (and in a server render) the text is shown highlighted, read-only. */}
      {!ready && (
        <div
          className="inline-expr-static"
          data-pointer={props.pointer}
          aria-label={props.label}
          aria-invalid={props.invalid || undefined}
        >
          <Highlighted text={value} />
        </div>
      )}
    </div>
  )
}
