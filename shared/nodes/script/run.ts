// Script: the mapped inputs go to the host's script effect (a sandbox), the returned object's keys are saved under
// the node name ({{script_1.<key>}}) and the console lines go to the trace. A script that throws, runs past its
// time, or exhausts its memory leaves by 'failure' with the reason ({{script_1.error.message}}).
import type { Vars } from '../../engine/types'
import type { NodeOutcome, NodeRunner, RunContext } from '../../engine/runner'
import type { ScriptConfig } from './definition'
import { clampScriptTimeout } from './limits'
import { ScriptError } from './run-error'

export const scriptRunner: NodeRunner<ScriptConfig> = {
  run: (ctx) => runScriptNode(ctx),
}

/** Each input's template evaluated to a typed value: {{order.total}} stays a number, an object stays an object. */
export function scriptInputs(config: ScriptConfig, evaluate: (text: string) => unknown): Vars {
  const inputs: Vars = {}
  for (const i of config.inputs) if (i.name.trim()) inputs[i.name.trim()] = evaluate(i.value)
  return inputs
}

export async function runScriptNode(
  ctx: Pick<RunContext<ScriptConfig>, 'config' | 'evaluate' | 'effects'> &
    Partial<Pick<RunContext<ScriptConfig>, 'contact'>>,
): Promise<NodeOutcome> {
  const inputs = scriptInputs(ctx.config, ctx.evaluate)
  try {
    const { outputs, logs } = await ctx.effects.script.run(ctx.config.code, inputs, {
      timeoutMs: clampScriptTimeout(ctx.config.timeoutMs),
      // Scripts wait for the sandbox in turns by contact: one contact's backlog cannot hold up another's.
      ...(ctx.contact ? { key: ctx.contact.id } : {}),
    })
    return { kind: 'next', port: 'success', output: outputs, ...traceLogs(logs) }
  } catch (err) {
    if (err instanceof ScriptError) {
      return {
        kind: 'fail',
        error: { code: err.code, message: err.describe() },
        output: { line: err.line, column: err.column },
        ...traceLogs(err.logs),
      }
    }
    throw err
  }
}

function traceLogs(logs: string[]): { logs?: string[] } {
  return logs.length ? { logs } : {}
}
