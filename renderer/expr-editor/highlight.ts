// Syntax highlighting from the shared highlightTemplate (the engine's own splitter and lexer: no second grammar).
import { RangeSetBuilder, type Extension } from '@codemirror/state'
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view'
import { highlightTemplate, type HighlightKind } from '../../shared/expr'

const marks = new Map<HighlightKind, Decoration>()
const markOf = (kind: HighlightKind) => {
  let m = marks.get(kind)
  if (!m) marks.set(kind, (m = Decoration.mark({ class: `cm-expr-${kind}` })))
  return m
}

function decorate(view: EditorView): DecorationSet {
  const b = new RangeSetBuilder<Decoration>()
  for (const s of highlightTemplate(view.state.doc.toString())) {
    if (s.kind !== 'text' && s.end > s.start) b.add(s.start, s.end, markOf(s.kind))
  }
  return b.finish()
}

const plugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet
    constructor(view: EditorView) {
      this.decorations = decorate(view)
    }
    update(u: ViewUpdate) {
      if (u.docChanged) this.decorations = decorate(u.view)
    }
  },
  { decorations: (v) => v.decorations },
)

const theme = EditorView.baseTheme({
  '.cm-expr-brace': { color: '#7c3aed', fontWeight: '600' },
  '.cm-expr-variable': { color: '#0369a1', backgroundColor: 'rgba(3, 105, 161, 0.08)' },
  '.cm-expr-function': { color: '#b45309', fontWeight: '600' },
  '.cm-expr-string': { color: '#15803d' },
  '.cm-expr-number': { color: '#c2410c' },
  '.cm-expr-keyword': { color: '#9d174d', fontWeight: '600' },
  '.cm-expr-operator': { color: '#4b5563', fontWeight: '600' },
  '.cm-expr-punctuation': { color: '#6b7280' },
  '.cm-expr-invalid': { color: '#b91c1c', textDecoration: 'underline wavy #b91c1c' },
})

export const templateHighlighting: Extension = [plugin, theme]
