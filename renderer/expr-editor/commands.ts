// Insertions from the builder's tabs into the editor at the cursor (or around the selection).
import type { EditorView } from '@codemirror/view'
import { completionContext } from '../../shared/expr'

/** Inserts `text` over the selection; the cursor lands `cursorBack` characters before its end. */
export function insertAtCursor(view: EditorView, text: string, cursorBack = 0): void {
  const { from, to } = view.state.selection.main
  view.dispatch({
    changes: { from, to, insert: text },
    selection: { anchor: from + text.length - cursorBack },
    scrollIntoView: true,
  })
  view.focus()
}

/** A function call: `name()` inside a placeholder already, `{{name()}}` in plain text; the cursor goes between the parentheses. */
export function insertFunction(view: EditorView, name: string): void {
  const pos = view.state.selection.main.from
  const inText = completionContext(view.state.doc.toString(), pos).kind === 'text'
  if (inText) insertAtCursor(view, `{{${name}()}}`, 3)
  else insertAtCursor(view, `${name}()`, 1)
}

/** Wraps the selection in a formatting mark (*bold*); with no selection, puts the cursor between the marks. */
export function wrapSelection(view: EditorView, mark: string): void {
  const { from, to } = view.state.selection.main
  const inner = view.state.sliceDoc(from, to)
  view.dispatch({
    changes: { from, to, insert: mark + inner + mark },
    selection: inner ? { anchor: from, head: from + inner.length + 2 * mark.length } : { anchor: from + mark.length },
  })
  view.focus()
}
