// `chatflow eval '<template>' [--vars '<json>'] [--check]`: renders a template the way the engine does, or with
// --check prints its diagnostics as JSON lines (warnings for names missing from --vars, when given).
import { parseCommandLine } from './args'
import type { CliCommand } from './types'
import {
  checkTemplate,
  lookupPath,
  renderTemplate,
  type CheckContext,
  type Diagnostic,
  type Vars,
} from '../../../shared/expr'
import { parseRelaxedJson } from '../../../shared/expr/json'

const USAGE = `Usage: chatflow eval '<template>' [--vars '<json>'] [--check]

Renders the template with the session variables given as a JSON object and prints the text.
  --vars <json>   session variables, e.g. '{"price": 100, "http_call_1": {"status": 200}}' (relaxed JSON accepted)
  --check         print the diagnostics, one JSON object per line, instead of the text; exit 1 on an error
                  (with --vars, also warnings for names missing from them and values of the wrong kind)
Exit codes: 0 ok, 1 the template has an error, 2 bad usage or bad --vars.
`

export const evalCommand: CliCommand = {
  summary: 'render a {{…}} template with variables, or check it (--check)',
  async run(args) {
    const parsed = parseCommandLine(
      'eval',
      USAGE,
      args,
      { vars: { type: 'string' }, check: { type: 'boolean' } },
      { count: 1, what: 'one template argument' },
    )
    if ('exit' in parsed) return parsed.exit
    const { values, positionals } = parsed
    const vars = readVars(values.vars)
    if (typeof vars === 'string') {
      process.stderr.write(`chatflow eval: --vars ${vars}\n`)
      return 2
    }
    const template = positionals[0]!
    if (values.check) {
      const ctx = values.vars === undefined ? undefined : resolverFor(vars)
      const diagnostics = checkTemplate(template, ctx)
      for (const d of diagnostics) process.stdout.write(`${JSON.stringify(d)}\n`)
      return diagnostics.some((d) => d.severity === 'error') ? 1 : 0
    }
    const { text, errors } = renderTemplate(template, vars)
    process.stdout.write(`${text}\n`)
    for (const e of errors) process.stderr.write(`chatflow eval: ${describe(e, template)}\n`)
    return errors.length ? 1 : 0
  },
}

/** The session object, or a one-line reason it is not one. */
function readVars(json: string | undefined): Vars | string {
  if (json === undefined) return {}
  const r = parseRelaxedJson(json)
  if (!r.ok) return `is not valid JSON: ${r.message} (line ${r.line}, column ${r.column})`
  if (r.value === null || typeof r.value !== 'object' || Array.isArray(r.value))
    return 'must be a JSON object of variables, e.g. {"name": "Asha"}'
  return r.value as Vars
}

/** Unknown-variable, unknown-path and wrong-kind warnings measured against the variables given. */
function resolverFor(vars: Vars): CheckContext {
  return {
    sampleValue: (path) => lookupPath(vars, path),
    roots: () => Object.keys(vars),
    resolve(path) {
      if (!Object.prototype.hasOwnProperty.call(vars, path[0]!)) return 'unknown-root'
      for (let i = 2; i <= path.length; i++)
        if (lookupPath(vars, path.slice(0, i)) === undefined) return { unknownFrom: i - 1 }
      return 'ok'
    },
  }
}

function describe(d: Diagnostic, template: string): string {
  return `${d.severity} ${d.code} at ${d.start}-${d.end} ('${template.slice(d.start, d.end)}'): ${d.message}`
}
