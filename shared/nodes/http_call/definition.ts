import { z } from 'zod'
import { failureVariables } from '../failure-variables'
import type { NodeDefinition, TextField, VariableSpec } from '../types'
import { validateHttpCall } from './definition-validate'

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const
export const KeyValueSchema = z.object({
  key: z.string().default('').describe('Header or parameter name.'),
  value: z.string().default('').describe('Takes {{ }} placeholders.'),
})

export const HttpAuthSchema = z.object({
  type: z
    .enum(['none', 'basic', 'bearer', 'api_key'])
    .default('none')
    .describe('none, Basic (user + password), Bearer token, or an API key in a header.'),
  username: z.string().default('').describe('Basic auth user name.'),
  password: z.string().default('').describe('Basic auth password.'),
  token: z.string().default('').describe('Bearer token.'),
  headerName: z.string().default('x-api-key').describe('Header that carries the API key, e.g. x-api-key.'),
  apiKey: z.string().default('').describe('API key value.'),
})

export const HttpCallConfigSchema = z.object({
  method: z.enum(HTTP_METHODS).default('GET').describe('HTTP method.'),
  url: z.string().default('').describe('http(s) URL; takes {{ }} placeholders.'),
  headers: z.array(KeyValueSchema).default([]).describe('Request headers.'),
  query: z.array(KeyValueSchema).default([]).describe('Query parameters appended to the URL, encoded.'),
  bodyType: z
    .enum(['none', 'json', 'form', 'text'])
    .default('none')
    .describe('Content type of the body: none, application/json, form-urlencoded or text/plain.'),
  body: z.string().default('').describe('Request body; for json it must be JSON once placeholders are filled.'),
  auth: HttpAuthSchema.prefault({}),
  timeoutMs: z
    .number()
    .int()
    .default(10000)
    .describe('Give up after this many milliseconds (1000–30000); the failure port follows.'),
  saveAs: z
    .array(
      z
        .object({
          variable: z.string().default('').describe('Session variable to set.'),
          path: z.string().default('').describe("Dotted path in the response, e.g. 'result.order.status'."),
        })
        .prefault({}),
    )
    .default([])
    .describe(
      'Extra session variables taken from the response; the whole response is always saved under the node name.',
    ),
})
export type HttpCallConfig = z.infer<typeof HttpCallConfigSchema>

function textFields(c: HttpCallConfig): TextField[] {
  const f: TextField[] = [{ pointer: '/url', label: 'URL', value: c.url }]
  c.headers.forEach((h, i) =>
    f.push({ pointer: `/headers/${i}/value`, label: `Header ${h.key || i + 1}`, value: h.value }),
  )
  c.query.forEach((q, i) => f.push({ pointer: `/query/${i}/value`, label: `Query ${q.key || i + 1}`, value: q.value }))
  f.push({ pointer: '/body', label: 'Body', value: c.body })
  if (c.auth.type === 'basic')
    f.push(
      { pointer: '/auth/username', label: 'User name', value: c.auth.username },
      { pointer: '/auth/password', label: 'Password', value: c.auth.password },
    )
  if (c.auth.type === 'bearer') f.push({ pointer: '/auth/token', label: 'Bearer token', value: c.auth.token })
  if (c.auth.type === 'api_key') f.push({ pointer: '/auth/apiKey', label: 'API key', value: c.auth.apiKey })
  return f
}

function variables(c: HttpCallConfig, name: string): VariableSpec[] {
  return [
    { path: `${name}.status`, description: 'HTTP status code (0 when no response came)', type: 'number' },
    { path: `${name}.ok`, description: 'True for a 2xx status', type: 'boolean' },
    { path: `${name}.result`, description: 'Response body, parsed as JSON when it is JSON', type: 'unknown' },
    { path: `${name}.headers`, description: 'Response headers, lower-case names', type: 'object' },
    { path: `${name}.duration_ms`, description: 'Time the call took', type: 'number' },
    ...failureVariables(name),
    ...c.saveAs
      .filter((s) => s.variable.trim())
      .map((s) => ({ path: s.variable, description: `From the response: ${s.path}`, type: 'unknown' as const })),
  ]
}

export const httpCallDefinition: NodeDefinition<HttpCallConfig> = {
  label: 'HTTP Call',
  description: 'Calls an HTTP API and saves the response under the node name; success and failure paths.',
  category: 'integration',
  configSchema: HttpCallConfigSchema,
  defaults: () => ({
    method: 'GET',
    url: '',
    headers: [],
    query: [],
    bodyType: 'none',
    body: '',
    auth: { type: 'none', username: '', password: '', token: '', headerName: 'x-api-key', apiKey: '' },
    timeoutMs: 10000,
    saveAs: [],
  }),
  ports: () => [
    { id: 'success', label: 'Success', kind: 'success' },
    { id: 'failure', label: 'Failure', kind: 'failure' },
  ],
  waits: () => false,
  variables,
  customerTexts: () => [],
  textFields,
  validate: validateHttpCall,
  summary: (c) => (c.url.trim() ? `${c.method} ${c.url.length > 48 ? c.url.slice(0, 47) + '…' : c.url}` : 'No URL yet'),
}
