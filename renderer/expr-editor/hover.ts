// Hover documentation: functions (signature, description, example), variables (type, source, description),
// operators and keywords; the token under the pointer comes from the shared highlightTemplate.
import { hoverTooltip } from '@codemirror/view'
import type { Extension } from '@codemirror/state'
import { FUNCTION_DOCS, highlightTemplate } from '../../shared/expr'
import type { AvailableVariable } from '../../shared/analysis'
import { OPERATOR_DOCS } from './operators'

export function hoverText(
  text: string,
  pos: number,
  vars: readonly AvailableVariable[],
): { from: number; to: number; lines: string[] } | null {
  const span = highlightTemplate(text).find((s) => s.start <= pos && pos < s.end)
  if (!span) return null
  const word = text.slice(span.start, span.end)
  const at = { from: span.start, to: span.end }
  if (span.kind === 'function') {
    const f = FUNCTION_DOCS.find((d) => d.name === word)
    return f ? { ...at, lines: [f.signature, f.description, `Example: ${f.example}`] } : null
  }
  if (span.kind === 'variable') {
    const v = vars.find((x) => x.path === word)
    if (v) return { ...at, lines: [`{{${v.path}}} · ${v.type}`, v.description] }
    const root = vars.find((x) => x.path.split('.')[0] === word.split('.')[0])
    return {
      ...at,
      lines: [
        `{{${word}}}`,
        root
          ? 'Not a known field of this output (check the sample response)'
          : 'Not set by anything that runs before this node',
      ],
    }
  }
  if (span.kind === 'operator' || span.kind === 'keyword') {
    const o = OPERATOR_DOCS.find((d) => d.symbol === word)
    return o ? { ...at, lines: [`${o.symbol} · ${o.category}`, o.description] } : null
  }
  return null
}

export function templateHover(getVars: () => readonly AvailableVariable[]): Extension {
  return hoverTooltip((view, pos) => {
    const h = hoverText(view.state.doc.toString(), pos, getVars())
    if (!h) return null
    return {
      pos: h.from,
      end: h.to,
      above: true,
      create() {
        const dom = document.createElement('div')
        dom.className = 'cm-expr-hover'
        h.lines.forEach((line, i) => {
          const p = document.createElement(i === 0 ? 'strong' : 'div')
          p.textContent = line
          dom.appendChild(p)
        })
        return { dom }
      },
    }
  })
}
