// Lint adapter: the shared checker's diagnostics as CodeMirror diagnostics (errors red, warnings yellow).
import { linter, type Diagnostic as CmDiagnostic } from '@codemirror/lint'
import type { Extension } from '@codemirror/state'
import { checkTemplate, type CheckContext } from '../../shared/expr'

export function templateDiagnostics(text: string, ctx: CheckContext | undefined): CmDiagnostic[] {
  return checkTemplate(text, ctx).map((d) => {
    const from = Math.min(d.start, text.length)
    // A zero-width range is invisible; widen it to one character where there is one.
    const to = Math.min(Math.max(d.end, from + 1), text.length)
    return { from, to: Math.max(to, from), severity: d.severity, message: d.message, source: d.code }
  })
}

/** `getCtx` is read on every pass so a new flow document (a saved sample) is used without rebuilding the editor. */
export function templateLinter(getCtx: () => CheckContext | undefined): Extension {
  return linter((view) => templateDiagnostics(view.state.doc.toString(), getCtx()), { delay: 150 })
}
