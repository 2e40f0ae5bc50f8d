// Which breakpoints stop a run, as EngineDeps.debug hooks: a node breakpoint before its node runs, an edge
// breakpoint when the run has just taken that edge, each only while enabled and while its condition holds.
import { compileCached } from '../../expr/template'
import { splitTemplate, truthy } from '../../expr'
import type { Vars } from '../types'
import type { BreakAnswer, BreakAt, Breakpoint, DebugHooks } from './types'

/**
 * The one expression a condition stands for. '{{ {{cart_total}} > 100 }}' is already one; '{{cart_total}} > 100' (text
 * around placeholders, as the issue writes it) is read as '{{ {{cart_total}} > 100 }}' (placeholders nest in an
 * expression, docs/expressions.md), not as the string '150 > 100', whose truth would say nothing.
 */
export function conditionTemplate(condition: string): string {
  const text = condition.trim()
  const { chunks } = splitTemplate(text)
  const whole =
    chunks.length === 1 && chunks[0]!.kind === 'code' && chunks[0]!.start === 0 && chunks[0]!.end === text.length
  return whole ? text : `{{ ${text} }}`
}

/** Why a condition cannot be evaluated (a syntax or static error), or null when it reads. */
export function conditionProblem(condition: string): string | null {
  if (!condition.trim()) return 'The condition is empty.'
  const d = compileCached(conditionTemplate(condition)).diagnostics.find((x) => x.severity === 'error')
  return d ? d.message : null
}

/** True when the condition holds on these variables; an error (an unset variable, a bad comparison) is false. */
export function conditionHolds(condition: string, vars: Vars): { holds: boolean; error?: string } {
  const out = compileCached(conditionTemplate(condition)).evaluate(vars)
  const error = out.errors.find((e) => e.severity === 'error')
  if (error) return { holds: false, error: error.message }
  return { holds: truthy(out.value) }
}

/** The enabled breakpoint that stops the run at `at`, if any. */
export function hitBreakpoint(breakpoints: readonly Breakpoint[], at: BreakAt, vars: Vars): Breakpoint | null {
  for (const bp of breakpoints) {
    if (!bp.enabled) continue
    const here = bp.at.kind === 'node' ? bp.at.nodeId === at.nodeId : bp.at.edgeId === at.edgeId
    if (!here) continue
    if (bp.condition && !conditionHolds(bp.condition, vars).holds) continue
    return bp
  }
  return null
}

/**
 * The hooks for a run under the debugger: stop at the breakpoints; with `step`, stop before whatever node comes next
 * (a Step), saying so unless a breakpoint is there too. Node ids are unique only within a flow, so breakpoints are
 * read per flow: those of the flow the run is in at that moment (a called flow's own, inside a call).
 */
export function debugHooks(opts: {
  breakpoints: (flowId: string) => readonly Breakpoint[]
  step?: boolean
}): DebugHooks {
  return {
    shouldBreak(at, vars): BreakAnswer {
      const bp = hitBreakpoint(opts.breakpoints(at.flowId), at, vars)
      if (bp) return { reason: 'breakpoint', breakpointId: bp.id }
      return opts.step ? { reason: 'step' } : null
    },
  }
}
