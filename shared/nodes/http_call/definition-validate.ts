import type { Problem, ValidateContext } from '../types'
import { IDENTIFIER, error, isBlank, requireText, warning } from '../../flow/checks'
import type { HttpCallConfig } from './definition'

const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/

export function validateHttpCall(c: HttpCallConfig, ctx: ValidateContext): Problem[] {
  const out: Problem[] = [...requireText(ctx, '/url', c.url, 'URL')]
  const url = c.url.trim()
  // The scheme must be written out: a placeholder may fill the host, but never the scheme.
  if (url && !/^https?:\/\//i.test(url) && !url.startsWith('{{'))
    out.push(error(ctx, 'config.url', `URL must start with http:// or https://; got '${url}'.`, '/url'))
  c.headers.forEach((h, i) => {
    if (isBlank(h.key)) out.push(error(ctx, 'config.required', `Header ${i + 1} has no name.`, `/headers/${i}/key`))
    else if (!HEADER_NAME.test(h.key))
      out.push(error(ctx, 'config.header_name', `'${h.key}' is not a valid header name.`, `/headers/${i}/key`))
  })
  c.query.forEach((q, i) => {
    if (isBlank(q.key))
      out.push(error(ctx, 'config.required', `Query parameter ${i + 1} has no name.`, `/query/${i}/key`))
  })
  if (c.bodyType !== 'none' && (c.method === 'GET' || c.method === 'DELETE') && c.body.trim())
    out.push(
      warning(
        ctx,
        'config.body_ignored',
        `${c.method} requests usually carry no body; many servers ignore it.`,
        '/body',
      ),
    )
  if (c.bodyType === 'json' && c.body.trim() && !c.body.includes('{{')) {
    try {
      JSON.parse(c.body)
    } catch {
      out.push(error(ctx, 'config.json', 'Body is not valid JSON.', '/body'))
    }
  }
  if (c.auth.type === 'basic') out.push(...requireText(ctx, '/auth/username', c.auth.username, 'User name'))
  if (c.auth.type === 'bearer') out.push(...requireText(ctx, '/auth/token', c.auth.token, 'Bearer token'))
  if (c.auth.type === 'api_key') {
    out.push(...requireText(ctx, '/auth/headerName', c.auth.headerName, 'API key header'))
    out.push(...requireText(ctx, '/auth/apiKey', c.auth.apiKey, 'API key'))
  }
  if (c.timeoutMs < 1000 || c.timeoutMs > 30000)
    out.push(
      error(ctx, 'config.range', `Timeout must be between 1000 and 30000 ms; ${c.timeoutMs} given.`, '/timeoutMs'),
    )
  c.saveAs.forEach((s, i) => {
    if (!IDENTIFIER.test(s.variable))
      out.push(
        error(
          ctx,
          'config.variable_name',
          `Variable '${s.variable}' may hold only letters, digits and underscore and must not start with a digit.`,
          `/saveAs/${i}/variable`,
        ),
      )
    if (isBlank(s.path))
      out.push(error(ctx, 'config.required', `Response path for '${s.variable}' is required.`, `/saveAs/${i}/path`))
  })
  return out
}
