import { checkTemplate, splitTemplate } from '../expr'

// A breakpoint's condition (issue 32) is one expression, the run stopping where it is true. People write it either
// as one placeholder, `{{ {{cart_total}} > 100 }}`, or as the issue does, `{{cart_total}} > 100`: variables in
// braces and the comparison outside. Rendered as a template the second form is the text "150 > 100", always true,
// so it is read as the expression it means: wrapped whole in one placeholder. The studio stores the wrapped form,
// so every reader (the debugger, the list) evaluates exactly what is shown.

/** The condition as one `{{ }}` expression; blank is none (''). Text whose braces do not close is left as typed. */
export function conditionExpression(text: string): string {
  const t = text.trim()
  if (!t) return ''
  const { chunks, diagnostics } = splitTemplate(t)
  if (diagnostics.length) return t
  const single = chunks.length === 1 && chunks[0]!.kind === 'code'
  return single ? t : `{{ ${t} }}`
}

/** Why `condition` (as conditionExpression writes it) cannot be one, in a sentence, or null. */
export function conditionProblem(condition: string): string | null {
  const error = checkTemplate(condition).find((d) => d.severity === 'error')
  return error ? `The condition does not parse: ${error.message}.` : null
}
