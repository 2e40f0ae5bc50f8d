// The real http effect: fetch with a deadline over the whole exchange (redirects and body included), a cap on the
// response size that is enforced while reading (a missing or lying Content-Length cannot get past it), and
// redirects followed by hand so their number is bounded and a POST turned GET drops its body as browsers do.
import { checkJsonBounds } from '../../../shared/json/bounds'
import { checkJsonTextDepth } from '../../../shared/json/text-depth'
import type { HttpEffect, HttpRequest, HttpResponse } from '../../../shared/engine/effects'
import { NodeFailure } from '../../../shared/engine/runner'
import { readCapped } from './read-capped'

export interface HttpEffectOptions {
  /** Largest response body read, in bytes. */
  maxBytes?: number
  maxRedirects?: number
}

export const HTTP_DEFAULTS = { maxBytes: 2 * 1024 * 1024, maxRedirects: 5 }

export function createHttpEffect(options: HttpEffectOptions = {}): HttpEffect {
  const maxBytes = options.maxBytes ?? HTTP_DEFAULTS.maxBytes
  const maxRedirects = options.maxRedirects ?? HTTP_DEFAULTS.maxRedirects
  return {
    async request(req) {
      const controller = new AbortController()
      const timer = setTimeout(() => controller.abort(), req.timeoutMs)
      try {
        return await exchange(req, controller.signal, maxBytes, maxRedirects)
      } catch (err) {
        if (controller.signal.aborted)
          throw new NodeFailure('http_timeout', `No complete answer within ${req.timeoutMs} ms.`)
        throw err
      } finally {
        clearTimeout(timer)
      }
    },
  }
}

async function exchange(
  req: HttpRequest,
  signal: AbortSignal,
  maxBytes: number,
  maxRedirects: number,
): Promise<HttpResponse> {
  let { method, url, body } = req
  const headers = { ...req.headers }
  for (let hop = 0; ; hop++) {
    checkUrl(url)
    let res: Response
    try {
      res = await fetch(url, { method, headers, body, redirect: 'manual', signal })
    } catch (err) {
      if (signal.aborted) throw err
      throw new NodeFailure('http_network', `Could not reach ${hostOf(url)}: ${causeOf(err)}.`)
    }
    const location = res.headers.get('location')
    if (res.status >= 300 && res.status < 400 && location) {
      await res.body?.cancel()
      if (hop >= maxRedirects)
        throw new NodeFailure('http_redirects', `More than ${maxRedirects} redirects; the last pointed to ${location}.`)
      const next = new URL(location, url)
      // Credentials are for the host they were written for, never for wherever it redirects.
      if (next.origin !== new URL(url).origin) delete headers.authorization
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && method === 'POST')) {
        method = 'GET'
        body = undefined
        delete headers['content-type']
      }
      url = next.toString()
      continue
    }
    // A HEAD answer has no body; its Content-Length describes the resource, which the caller may want to read.
    const text = method === 'HEAD' ? '' : await readCapped(res, maxBytes, () => tooLarge(maxBytes))
    return {
      status: res.status,
      headers: headerRecord(res.headers),
      body: parseBody(text, res.headers.get('content-type')),
    }
  }
}

function checkUrl(url: string): void {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new NodeFailure('http_invalid_url', `'${url}' is not a valid URL.`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new NodeFailure('http_invalid_url', `Only http and https URLs can be called; got '${parsed.protocol}'.`)
}

function tooLarge(maxBytes: number): NodeFailure {
  return new NodeFailure(
    'http_too_large',
    `The response is larger than ${Math.round(maxBytes / 1024)} KiB; it was not read.`,
  )
}

/** Parsed JSON when the server says JSON or the text is JSON, else the text itself. */
export function parseBody(text: string, contentType: string | null): unknown {
  const trimmed = text.trim()
  const looksJson = /\bjson\b/i.test(contentType ?? '') || trimmed.startsWith('{') || trimmed.startsWith('[')
  if (!looksJson || trimmed === '') return text
  // The answer becomes session variables, stored as JSON and read by SQLite: the same depth guard as any JSON in,
  // on the text first so an answer nested millions of levels is not even parsed.
  const deep = checkJsonTextDepth(trimmed)
  if (deep) throw new NodeFailure('http_bad_response', `The response is too deep to keep: ${deep.message}`)
  let value: unknown
  try {
    value = JSON.parse(trimmed) as unknown
  } catch {
    return text
  }
  const bounds = checkJsonBounds(value)
  if (bounds) throw new NodeFailure('http_bad_response', `The response is too deep to keep: ${bounds.message}`)
  return value
}

function headerRecord(h: Headers): Record<string, string> {
  const out: Record<string, string> = {}
  h.forEach((value, name) => {
    out[name.toLowerCase()] = value
  })
  return out
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}

function causeOf(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } })?.cause
  return cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err))
}
