// The one set of CodeMirror extensions for template text, shared by the Expression Builder's editor and the inline
// panel fields: highlighting, brackets, completion, hover and lint all come from shared/expr through here.
import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap } from '@codemirror/autocomplete'
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { bracketMatching } from '@codemirror/language'
import { lintKeymap } from '@codemirror/lint'
import { EditorState, Transaction, type Extension } from '@codemirror/state'
import { EditorView, keymap } from '@codemirror/view'
import type { CheckContext } from '../../shared/expr'
import type { AvailableVariable } from '../../shared/analysis'
import { templateCompletionSource } from './completion'
import { templateHighlighting } from './highlight'
import { templateHover } from './hover'
import { templateLinter } from './lint'

/** What the extensions read on every use, so a changed flow reaches a live editor without rebuilding it. */
export interface TemplateScope {
  vars(): readonly AvailableVariable[]
  check(): CheckContext | undefined
}

export interface TemplateExtensionOptions {
  /** One-line fields: Enter inserts nothing and pasted line breaks become spaces, as the plain input did. */
  singleLine?: boolean
  /** Inline panel fields leave Escape to the panel (it closes it) unless a popup takes it first; the builder lets
   *  a first Escape collapse a selection. */
  escapeToPanel?: boolean
}

/** Line breaks typed or pasted into a one-line field become spaces (same length, so the selection stays valid). */
const oneLine = EditorState.transactionFilter.of((tr) => {
  if (!tr.docChanged || tr.newDoc.lines === 1) return tr
  const changes: { from: number; to: number; insert: string }[] = []
  tr.changes.iterChanges((from, to, _fromB, _toB, inserted) =>
    changes.push({ from, to, insert: inserted.toString().replace(/\n/g, ' ') }),
  )
  return {
    changes,
    selection: tr.selection,
    effects: tr.effects,
    scrollIntoView: tr.scrollIntoView,
    userEvent: tr.annotation(Transaction.userEvent),
  }
})

export function templateExtensions(scope: TemplateScope, opts: TemplateExtensionOptions = {}): Extension[] {
  const base = opts.escapeToPanel ? defaultKeymap.filter((k) => k.key !== 'Escape') : defaultKeymap
  return [
    history(),
    bracketMatching(),
    closeBrackets(),
    EditorView.lineWrapping,
    templateHighlighting,
    autocompletion({ override: [templateCompletionSource(scope.vars)], activateOnTyping: true }),
    templateHover(scope.vars),
    templateLinter(scope.check),
    opts.singleLine ? [oneLine, keymap.of([{ key: 'Enter', run: () => true }])] : [],
    keymap.of([...closeBracketsKeymap, ...base, ...historyKeymap, ...completionKeymap, ...lintKeymap]),
  ]
}
