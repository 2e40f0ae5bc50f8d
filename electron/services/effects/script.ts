// The real script effect: every host that runs flows (the emulator and the Script node's Test, `chatflow run/test`,
// `chatflow serve`) runs the user's code in the process's one sandbox pool (../sandbox/pool.ts): QuickJS in worker
// threads, with a deadline enforced from outside, a capped memory that is given back, and nothing but ECMAScript
// and a console inside.
import type { ScriptEffect } from '../../../shared/engine/effects'
import { SCRIPT_LIMITS, type ScriptLimits } from '../sandbox/limits'
import { scriptPool } from '../sandbox/pool'

export { SCRIPT_LIMITS, type ScriptLimits }

export function createScriptEffect(limits: Partial<ScriptLimits> = {}): ScriptEffect {
  const l = { ...SCRIPT_LIMITS, ...limits }
  return { run: (code, inputs, opts) => scriptPool().run(code, inputs, opts.timeoutMs, l, opts.key) }
}
