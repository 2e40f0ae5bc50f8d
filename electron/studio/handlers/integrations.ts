import type { HttpRequest } from '../../../shared/engine/effects'
import { createRenderer } from '../../../shared/engine/render'
import type { HttpCallOutput } from '../../../shared/nodes/http_call/run'
import { runHttpCall } from '../../../shared/nodes/http_call/run'
import { buildRequest } from '../../../shared/nodes/http_call/run-request'
import { ScriptError } from '../../../shared/nodes/script/run-error'
import { scriptInputs } from '../../../shared/nodes/script/run'
import { clampScriptTimeout } from '../../../shared/nodes/script/limits'
import { exchangeWithEndpoint } from '../../services/effects/flow-endpoint'
import { MediaStore } from '../../services/effects/media-store'
import { studioEffects } from '../effects/service'
import { InvalidTemplateError, TemplateStore } from '../../services/effects/template-store'
import { ApiFailure } from '../../services/failure'
import type { ServiceFactory } from './types'
import type { AreaHandlers } from './types'

const templateStore: ServiceFactory<TemplateStore> = (ctx) => new TemplateStore(ctx.db, ctx.now)

const mediaStore: ServiceFactory<MediaStore> = (ctx) => new MediaStore(ctx.dataDir)

const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie'])

export const integrationsHandlers: AreaHandlers<'integrations'> = {
  'integrations.testRequest': async (req, ctx) => {
    const effects = ctx.service(studioEffects)
    const renderer = createRenderer(req.vars)
    const sent = describeRequest(() => buildRequest({ config: req.config, ...renderer }), req.config)
    const started = performance.now()
    const outcome = await runHttpCall({ config: req.config, effects, ...renderer })
    const durationMs = Math.round(performance.now() - started)
    const out = (outcome.kind === 'next' || outcome.kind === 'fail' ? outcome.output : undefined) as
      HttpCallOutput | undefined
    const answered = out !== undefined && out.status > 0
    return {
      ok: outcome.kind === 'next',
      status: out?.status ?? 0,
      headers: out?.headers ?? {},
      result: out?.result ?? null,
      durationMs,
      error: outcome.kind === 'fail' ? { code: outcome.error.code, message: outcome.error.message } : null,
      request: sent,
      sample: answered ? { status: out.status, ok: out.ok, result: out.result, headers: out.headers } : null,
    }
  },
  'integrations.testScript': async (req, ctx) => {
    const effects = ctx.service(studioEffects)
    const { evaluate } = createRenderer(req.vars)
    const inputs = scriptInputs(req.config, evaluate)
    for (const i of req.config.inputs)
      if (Object.prototype.hasOwnProperty.call(req.values, i.name)) inputs[i.name] = req.values[i.name]
    const started = performance.now()
    const duration = () => Math.round(performance.now() - started)
    try {
      // The same bound as a run (0, negative or a minute become 100 or 5000 ms), in the same sandbox pool.
      const { outputs, logs } = await effects.script.run(req.config.code, inputs, {
        timeoutMs: clampScriptTimeout(req.config.timeoutMs),
      })
      const missingOutputs = req.config.outputs
        .map((o) => o.name)
        .filter((n) => n && !Object.prototype.hasOwnProperty.call(outputs, n))
      return { ok: true, outputs, logs, error: null, missingOutputs, durationMs: duration() }
    } catch (err) {
      if (!(err instanceof ScriptError)) throw err
      return {
        ok: false,
        outputs: {},
        logs: err.logs,
        error: { code: err.code, message: err.describe(), line: err.line, column: err.column },
        missingOutputs: [],
        durationMs: duration(),
      }
    }
  },
  'integrations.mediaChunk': (req, ctx) => ({
    received: ctx.service(mediaStore).append(req.uploadId, req.offset, Buffer.from(req.data, 'base64')),
  }),
  'integrations.storeMedia': (req, ctx) => ({ file: ctx.service(mediaStore).finish(req.uploadId, req.name, req.kind) }),
  'integrations.flowEndpoint': (req, ctx) =>
    exchangeWithEndpoint(ctx.service(studioEffects).http, req.endpoint, req.request),
  'integrations.listTemplates': (_req, ctx) => ({ templates: ctx.service(templateStore).list() }),
  'integrations.saveTemplate': (req, ctx) => {
    try {
      return { template: ctx.service(templateStore).save(req.template) }
    } catch (err) {
      if (err instanceof InvalidTemplateError)
        throw new ApiFailure(
          'invalid_template',
          err.message,
          err.problems.map((message) => ({ path: ['template'], message })),
        )
      throw err
    }
  },
  'integrations.deleteTemplate': (req, ctx) => ({ deleted: ctx.service(templateStore).delete(req.name, req.language) }),
}

/** The rendered request with secrets masked, or null when it cannot be built (the result's error says why). */
function describeRequest(build: () => HttpRequest, config: { auth: { type: string; headerName: string } }) {
  try {
    const r = build()
    const headers: Record<string, string> = {}
    const keyHeader = config.auth.type === 'api_key' ? config.auth.headerName.trim().toLowerCase() : ''
    for (const [k, v] of Object.entries(r.headers)) headers[k] = SECRET_HEADERS.has(k) || k === keyHeader ? '•••' : v
    return { method: r.method, url: r.url, headers, body: r.body ?? null }
  } catch {
    return null
  }
}
