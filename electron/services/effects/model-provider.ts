// The model effect over an OpenAI-compatible chat endpoint (Ollama, LM Studio, llama.cpp's server, a cloud API):
// POST <baseUrl>/chat/completions asking for a JSON answer shaped by the request's schema (response_format
// json_schema, strict), then the answer's JSON is parsed and checked against that same schema here, because not
// every server enforces it. Every way it can go wrong becomes a ModelError the node turns into its `failed` port:
// model_unavailable (nothing answers), model_timeout, model_error (the server refused or answered nonsense) and
// model_invalid (the answer is not JSON or breaks the schema). docs/integrations.md, "Model provider".
import { checkJsonBounds } from '../../../shared/json/bounds'
import { checkAgainstSchema } from '../../../shared/json/schema-check'
import { checkJsonTextDepth } from '../../../shared/json/text-depth'
import { ModelError, type ModelEffect, type ModelRequest } from '../../../shared/engine/effects'
import { readCapped } from './read-capped'

export interface ModelProviderConfig {
  /** The API's base, e.g. http://127.0.0.1:11434/v1 (Ollama) or https://api.openai.com/v1. */
  baseUrl: string
  model: string
  apiKey?: string
}

export interface ModelProviderOptions {
  /** Largest answer read, in bytes. */
  maxBytes?: number
  /** The timer behind each request's deadline; tests pass one they fire by hand (no racing real time). */
  timers?: { set(fire: () => void, ms: number): unknown; clear(handle: unknown): void }
}

const MAX_BYTES = 1024 * 1024
const realTimers = {
  set: (fire: () => void, ms: number) => setTimeout(fire, ms),
  clear: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
}

/** The provider's name in answers, traces and recording keys: the endpoint's host (e.g. api.openai.com). */
export function providerName(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return baseUrl
  }
}

/** A base URL the provider can call, or why not (the Settings screen and the runtime's start-up say it). */
export function checkBaseUrl(baseUrl: string): string | null {
  let url: URL
  try {
    url = new URL(baseUrl)
    if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(baseUrl)) throw new Error('no scheme')
  } catch {
    return `'${baseUrl}' is not a URL; write it like http://127.0.0.1:11434/v1.`
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `Only http and https work; got '${url.protocol}'.`
  if (url.username || url.password) return 'Put the API key in its own field, not in the URL.'
  return null
}

export function createModelProvider(config: ModelProviderConfig, options: ModelProviderOptions = {}): ModelEffect {
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`
  const provider = providerName(config.baseUrl)
  const timers = options.timers ?? realTimers
  const maxBytes = options.maxBytes ?? MAX_BYTES
  return {
    async complete(req) {
      const bad = checkBaseUrl(config.baseUrl)
      if (bad) throw new ModelError('model_unavailable', `The model provider is not set up right: ${bad}`)
      const controller = new AbortController()
      const timer = timers.set(() => controller.abort(), req.timeoutMs)
      try {
        const text = await exchange(endpoint, config, req, controller.signal, maxBytes)
        return { json: answerOf(text, req), provider, model: config.model }
      } catch (err) {
        if (controller.signal.aborted)
          throw new ModelError('model_timeout', `The model at ${provider} gave no answer within ${req.timeoutMs} ms.`)
        throw err
      } finally {
        timers.clear(timer)
      }
    },
  }
}

function requestBody(config: ModelProviderConfig, req: ModelRequest): string {
  return JSON.stringify({
    model: config.model,
    messages: req.messages,
    // The same question gets the same answer as far as the model allows: recordings and live runs agree.
    temperature: 0,
    response_format: {
      type: 'json_schema',
      json_schema: { name: `chatflow_${req.purpose}`, schema: req.schema, strict: true },
    },
  })
}

async function exchange(
  endpoint: string,
  config: ModelProviderConfig,
  req: ModelRequest,
  signal: AbortSignal,
  maxBytes: number,
): Promise<string> {
  const provider = providerName(config.baseUrl)
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' }
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`
  let res: Response
  try {
    res = await fetch(endpoint, { method: 'POST', headers, body: requestBody(config, req), signal, redirect: 'error' })
  } catch (err) {
    if (signal.aborted) throw err
    throw new ModelError('model_unavailable', `Could not reach the model provider at ${provider}: ${causeOf(err)}.`)
  }
  const text = await readCapped(
    res,
    maxBytes,
    () => new ModelError('model_error', `The model provider at ${provider} answered more than ${maxBytes} bytes.`),
  )
  if (!res.ok) throw new ModelError('model_error', statusMessage(res.status, text, provider))
  return text
}

function statusMessage(status: number, text: string, provider: string): string {
  const said = serverMessage(text)
  const why =
    status === 401 || status === 403
      ? 'it refused the API key'
      : status === 404
        ? 'it does not know this endpoint or model'
        : status === 429
          ? 'it is busy or the quota is used up'
          : `it answered HTTP ${status}`
  return `The model provider at ${provider} did not answer: ${why}${said ? ` ("${said}")` : ''}.`
}

/** The message of an OpenAI-style error body ({ error: { message } }), short, or null. */
function serverMessage(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string }
    const msg = typeof body.error === 'string' ? body.error : body.error?.message
    return typeof msg === 'string' && msg ? msg.slice(0, 200) : null
  } catch {
    return null
  }
}

/** The JSON inside choices[0].message.content, checked against the request's schema. */
function answerOf(text: string, req: ModelRequest): unknown {
  const envelope = parseJson(text)
  const content = (envelope as { choices?: Array<{ message?: { content?: unknown } }> } | undefined)?.choices?.[0]
    ?.message?.content
  if (typeof content !== 'string')
    throw new ModelError(
      'model_error',
      'The model provider answered without a message (no choices[0].message.content).',
    )
  const json = parseJson(content.trim())
  if (json === undefined)
    throw new ModelError('model_invalid', `The model's answer is not JSON: ${JSON.stringify(content.slice(0, 80))}.`)
  const problem = checkAgainstSchema(json, req.schema)
  if (problem)
    throw new ModelError(
      'model_invalid',
      `The model's answer does not fit the schema it was given: ${problem.path || 'the answer'}: ${problem.message}.`,
    )
  return json
}

/** The parsed value, or undefined when it is not JSON; too deep a value is refused like any JSON that enters. */
function parseJson(text: string): unknown {
  if (checkJsonTextDepth(text)) throw new ModelError('model_invalid', "The model's answer is nested too deeply.")
  let value: unknown
  try {
    value = JSON.parse(text) as unknown
  } catch {
    return undefined
  }
  if (checkJsonBounds(value)) throw new ModelError('model_invalid', "The model's answer is nested too deeply.")
  return value
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))
}
