// Builds the one HTTP request an HTTP Call node sends, from its config and the session.
import type { HttpRequest } from '../../engine/effects'
import { NodeFailure, type RunContext } from '../../engine/runner'
import type { HttpCallConfig } from './definition'
import { renderForm, renderJson, renderUrl } from './run-render'

const CONTENT_TYPE: Record<Exclude<HttpCallConfig['bodyType'], 'none'>, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  text: 'text/plain; charset=utf-8',
}

export function buildRequest(ctx: Pick<RunContext<HttpCallConfig>, 'config' | 'render' | 'evaluate'>): HttpRequest {
  const { config: c } = ctx
  const url = buildUrl(c, ctx)
  const headers: Record<string, string> = {}
  const setHeader = (name: string, value: string) => {
    // A CR or LF from a variable would let a value start a header of its own.
    if (/[\r\n]/.test(value))
      throw new NodeFailure('http_invalid_header', `Header '${name}' would contain a line break.`)
    headers[name.toLowerCase()] = value
  }
  for (const h of c.headers) if (h.key.trim()) setHeader(h.key.trim(), ctx.render(h.value))
  const auth = c.auth
  if (auth.type === 'basic')
    setHeader('authorization', `Basic ${base64(`${ctx.render(auth.username)}:${ctx.render(auth.password)}`)}`)
  if (auth.type === 'bearer') setHeader('authorization', `Bearer ${ctx.render(auth.token)}`)
  if (auth.type === 'api_key' && auth.headerName.trim()) setHeader(auth.headerName.trim(), ctx.render(auth.apiKey))
  const req: HttpRequest = { method: c.method, url, headers, timeoutMs: c.timeoutMs }
  if (c.bodyType !== 'none' && c.method !== 'GET') {
    req.body = buildBody(c, ctx)
    headers['content-type'] ??= CONTENT_TYPE[c.bodyType]
  }
  return req
}

function buildUrl(c: HttpCallConfig, ctx: Pick<RunContext<HttpCallConfig>, 'render' | 'evaluate'>): string {
  const text = renderUrl(c.url.trim(), ctx).trim()
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new NodeFailure('http_invalid_url', `'${clip(text)}' is not a valid URL.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new NodeFailure('http_invalid_url', `Only http and https URLs can be called; got '${url.protocol}'.`)
  for (const q of c.query) if (q.key.trim()) url.searchParams.append(q.key.trim(), ctx.render(q.value))
  return url.toString()
}

function buildBody(c: HttpCallConfig, ctx: Pick<RunContext<HttpCallConfig>, 'render' | 'evaluate'>): string {
  if (c.bodyType === 'form') return renderForm(c.body, ctx)
  if (c.bodyType === 'text') return ctx.render(c.body)
  const body = renderJson(c.body, ctx)
  if (body.trim() === '') return body
  try {
    JSON.parse(body)
  } catch {
    throw new NodeFailure(
      'http_invalid_body',
      `The JSON body is not valid JSON once its variables are filled: ${clip(body)}`,
    )
  }
  return body
}

/** UTF-8 base64 without node:buffer, so this file stays host-free. */
function base64(text: string): string {
  let bin = ''
  for (const byte of new TextEncoder().encode(text)) bin += String.fromCharCode(byte)
  return btoa(bin)
}

function clip(s: string): string {
  return s.length > 120 ? `${s.slice(0, 119)}…` : s
}
