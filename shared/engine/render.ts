// Templates rendered against a run's session, and a record of which variables a node read (its trace input).
// An expression that fails renders empty and the run goes on (shared/expr's rule, and docs/expressions.md's for
// unset variables); the error is kept as a warning on the node's trace event so the Flow Log shows it.
import { evaluateRules, evaluateTemplate, renderTemplate, type ConditionRule, type Diagnostic } from '../expr'
import type { Vars } from './types'

export interface Renderer {
  /** `extra` shadows the session for this text only (a Question's retry quotes the answer it refused). */
  render(text: string, extra?: Vars): string
  evaluate(text: string): unknown
  rules(rules: ConditionRule[], join: 'and' | 'or'): boolean
  /** Messages of the expression errors met so far, each with the text it came from. */
  warnings: string[]
}

export function createRenderer(vars: Vars): Renderer {
  const warnings: string[] = []
  const note = (text: string, errors: Diagnostic[]) => {
    for (const e of errors) if (e.severity === 'error') warnings.push(`${e.message} in "${clip(text)}"`)
  }
  return {
    warnings,
    render(text, extra) {
      const out = renderTemplate(text, extra ? overlay(vars, extra) : vars)
      if (out.errors.length) note(text, out.errors)
      return out.text
    },
    evaluate(text) {
      const out = evaluateTemplate(text, vars)
      if (out.errors.length) note(text, out.errors)
      return out.value
    },
    rules(rules, join) {
      const out = evaluateRules(rules, join, vars)
      if (out.errors.length) note(rules.map((r) => `${r.left} ${r.operator} ${r.right ?? ''}`).join(`; `), out.errors)
      return out.result
    },
  }
}

function clip(text: string): string {
  return text.length > 80 ? text.slice(0, 79) + '…' : text
}

/** The session with `extra` laid over it, without copying the session (its reads are still recorded). */
function overlay(vars: Vars, extra: Vars): Vars {
  const own = (k: string | symbol) => typeof k === 'string' && Object.prototype.hasOwnProperty.call(extra, k)
  return new Proxy(vars, {
    get: (target, key, receiver) => (own(key) ? extra[key as string] : Reflect.get(target, key, receiver)),
    has: (target, key) => own(key) || Reflect.has(target, key),
    getOwnPropertyDescriptor: (target, key) =>
      own(key)
        ? { value: extra[key as string], writable: true, enumerable: true, configurable: true }
        : Reflect.getOwnPropertyDescriptor(target, key),
  })
}

/**
 * A read-through view of the session that remembers which top-level variables were looked up, so a trace event
 * shows the input a node actually saw instead of the whole session.
 */
export function recordReads(vars: Vars): { vars: Vars; read(): Vars } {
  const seen = new Set<string>()
  const note = (key: string | symbol) => {
    if (typeof key === 'string') seen.add(key)
  }
  const view = new Proxy(vars, {
    get(target, key, receiver) {
      note(key)
      return Reflect.get(target, key, receiver)
    },
    has(target, key) {
      note(key)
      return Reflect.has(target, key)
    },
    getOwnPropertyDescriptor(target, key) {
      note(key)
      return Reflect.getOwnPropertyDescriptor(target, key)
    },
  })
  return {
    vars: view,
    read() {
      const out: Vars = {}
      for (const key of seen) if (Object.prototype.hasOwnProperty.call(vars, key)) out[key] = vars[key]
      return out
    },
  }
}
