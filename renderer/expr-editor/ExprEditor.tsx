import { useEffect, useRef } from 'react'
import { forceLinting } from '@codemirror/lint'
import { EditorState } from '@codemirror/state'
import { EditorView, placeholder as cmPlaceholder } from '@codemirror/view'
import type { CheckContext } from '../../shared/expr'
import type { AvailableVariable } from '../../shared/analysis'
import { templateExtensions } from './extensions'

interface Props {
  initial: string
  vars: readonly AvailableVariable[]
  check: CheckContext
  label: string
  onChange(text: string): void
  onView(view: EditorView | null): void
}

/** The CodeMirror 6 template editor. It owns its text after mount; vars and check are read through refs so a
 *  changed flow (a saved sample) re-lints without rebuilding the editor and losing undo. */
export function ExprEditor({ initial, vars, check, label, onChange, onView }: Props) {
  const host = useRef<HTMLDivElement>(null)
  const live = useRef({ vars, check, onChange })
  live.current = { vars, check, onChange }
  const viewRef = useRef<EditorView | null>(null)
  useEffect(() => {
    if (viewRef.current) forceLinting(viewRef.current)
  }, [check])

  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({
        doc: initial,
        extensions: [
          templateExtensions({ vars: () => live.current.vars, check: () => live.current.check }),
          cmPlaceholder('Text with {{variables}}, functions and operators'),
          EditorView.contentAttributes.of({ 'aria-label': `Expression for ${label}` }),
          EditorView.updateListener.of((u) => {
            if (u.docChanged) live.current.onChange(u.state.doc.toString())
          }),
        ],
      }),
    })
    viewRef.current = view
    onView(view)
    view.focus()
    view.dispatch({ selection: { anchor: view.state.doc.length } })
    return () => {
      viewRef.current = null
      onView(null)
      view.destroy()
    }
    // The editor is created once per dialog; later props reach it through `live`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return <div className="expr-editor" ref={host} />
}
