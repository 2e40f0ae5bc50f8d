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

// Colours are the theme's variables (renderer/styles/theme.css), so the editors follow light and dark.
const theme = EditorView.baseTheme({
  '.cm-expr-brace': { color: 'var(--syntax-brace)', fontWeight: '600' },
  '.cm-expr-variable': { color: 'var(--syntax-variable)', backgroundColor: 'var(--syntax-variable-bg)' },
  '.cm-expr-function': { color: 'var(--syntax-function)', fontWeight: '600' },
  '.cm-expr-string': { color: 'var(--syntax-string)' },
  '.cm-expr-number': { color: 'var(--syntax-number)' },
  '.cm-expr-keyword': { color: 'var(--syntax-keyword)', fontWeight: '600' },
  '.cm-expr-operator': { color: 'var(--syntax-operator)', fontWeight: '600' },
  '.cm-expr-punctuation': { color: 'var(--syntax-punctuation)' },
  '.cm-expr-invalid': { color: 'var(--danger)', textDecoration: 'underline wavy var(--danger)' },
})

export const templateHighlighting: Extension = [plugin, theme]
