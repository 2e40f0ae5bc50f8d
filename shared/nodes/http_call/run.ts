// HTTP Call: one real request through the host's http effect. The whole response is saved under the node name
// ({{http_call_1.status}}, {{http_call_1.result.<field>}}, {{http_call_1.headers.<name>}}); a 2xx leaves by
// 'success', anything else (another status, a network error, a timeout, an invalid URL) fails with a reason, so the
// engine follows the 'failure' port and exposes {{http_call_1.error.code}} / {{http_call_1.error.message}}.
import type { HttpResponse } from '../../engine/effects'
import { NodeFailure, type NodeOutcome, type NodeRunner, type RunContext } from '../../engine/runner'
import type { Vars } from '../../engine/types'
import { lookup } from '../../expr/paths'
import type { HttpCallConfig } from './definition'
import { buildRequest } from './run-request'

export interface HttpCallOutput {
  status: number
  ok: boolean
  result: unknown
  headers: Record<string, string>
  duration_ms: number
}

export const httpCallRunner: NodeRunner<HttpCallConfig> = {
  run: (ctx) => runHttpCall(ctx),
}

/** The node's semantics, shared by a run and by the "Test request" command. */
export async function runHttpCall(
  ctx: Pick<RunContext<HttpCallConfig>, 'config' | 'render' | 'evaluate' | 'effects'>,
): Promise<NodeOutcome> {
  const started = ctx.effects.clock.now()
  const elapsed = () => Math.max(0, ctx.effects.clock.now() - started)
  let response: HttpResponse
  try {
    response = await ctx.effects.http.request(buildRequest(ctx))
  } catch (err) {
    const output: HttpCallOutput = { status: 0, ok: false, result: null, headers: {}, duration_ms: elapsed() }
    return { kind: 'fail', error: reason(err), output }
  }
  const ok = response.status >= 200 && response.status < 300
  const output: HttpCallOutput = {
    status: response.status,
    ok,
    result: response.body,
    headers: response.headers,
    duration_ms: elapsed(),
  }
  if (!ok) {
    return { kind: 'fail', error: { code: 'http_status', message: `The server answered ${response.status}.` }, output }
  }
  return { kind: 'next', port: 'success', output, vars: savedVars(ctx.config, output) }
}

/** The config's "save as" list: extra session variables read from the response by dotted path. */
function savedVars(c: HttpCallConfig, output: HttpCallOutput): Vars {
  const vars: Vars = {}
  for (const s of c.saveAs) {
    if (!s.variable.trim() || !s.path.trim()) continue
    const value = lookup(output, s.path.trim().split('.'))
    vars[s.variable.trim()] = value === undefined ? '' : value
  }
  return vars
}

function reason(err: unknown): { code: string; message: string } {
  if (err instanceof NodeFailure) return { code: err.code, message: err.message }
  const code = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : 'http_error'
  return { code, message: err instanceof Error ? err.message : String(err) }
}
