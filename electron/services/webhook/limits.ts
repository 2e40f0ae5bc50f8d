// Deadlines and a connection cap for every HTTP listener we open (webhook trigger and inbound messages, the publish
// API, the browser host), so a slow or silent client cannot hold connections: the headers must arrive within
// headersTimeoutMs and the whole request (body included) within requestTimeoutMs, else Node answers 408 and closes;
// an idle kept-alive connection closes after keepAliveTimeoutMs; connections past maxConnections are closed at once.
// Each can be changed by an environment variable (docs/security.md), e.g. for a gateway on a slow link.
import type http from 'node:http'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'

export interface ListenerLimits {
  headersTimeoutMs: number
  requestTimeoutMs: number
  keepAliveTimeoutMs: number
  maxConnections: number
}

export const LISTENER_LIMITS: ListenerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  // Longer than the 60 s idle timeout of common proxies and load balancers, so they close first and never send on a
  // connection we are closing.
  keepAliveTimeoutMs: 65_000,
  maxConnections: 1024,
}

const ENV: Record<keyof ListenerLimits, string> = {
  headersTimeoutMs: 'CHATFLOW_HEADERS_TIMEOUT_MS',
  requestTimeoutMs: 'CHATFLOW_REQUEST_TIMEOUT_MS',
  keepAliveTimeoutMs: 'CHATFLOW_KEEPALIVE_TIMEOUT_MS',
  maxConnections: 'CHATFLOW_MAX_CONNECTIONS',
}

const Positive = z.coerce.number().int().min(1).max(3_600_000)

export class ListenerLimitsError extends Error {}

/** The limits with any environment overrides; a malformed one is an error naming the variable. */
export function listenerLimits(env: NodeJS.ProcessEnv = process.env): ListenerLimits {
  const out = { ...LISTENER_LIMITS }
  for (const key of Object.keys(ENV) as (keyof ListenerLimits)[]) {
    const raw = env[ENV[key]]
    if (raw === undefined || raw === '') continue
    const parsed = Positive.safeParse(raw)
    if (!parsed.success)
      throw new ListenerLimitsError(`${ENV[key]} must be a whole number from 1 to 3600000, not '${raw}'.`)
    out[key] = parsed.data
  }
  // Node checks the deadlines on a timer; the header deadline must not exceed the request deadline.
  out.headersTimeoutMs = Math.min(out.headersTimeoutMs, out.requestTimeoutMs)
  return out
}

/** How often Node looks for connections past their deadline: often enough that a deadline is kept to within ~10%. */
const checkEvery = (l: ListenerLimits) => Math.max(100, Math.min(1000, Math.floor(l.headersTimeoutMs / 10)))

/** Options for http.createServer (the browser host). */
export function serverOptions(l: ListenerLimits): http.ServerOptions {
  return {
    headersTimeout: l.headersTimeoutMs,
    requestTimeout: l.requestTimeoutMs,
    keepAliveTimeout: l.keepAliveTimeoutMs,
    connectionsCheckingInterval: checkEvery(l),
  }
}

/**
 * Options for Fastify, which sets requestTimeout and keepAliveTimeout on the server itself. Its own query parser is
 * off (`req.query` is always empty): it turns a repeated parameter into an array, so every route reads its query
 * through request-input.ts's readQuery instead.
 */
export function fastifyOptions(l: ListenerLimits): {
  http: http.ServerOptions
  requestTimeout: number
  keepAliveTimeout: number
  routerOptions: { querystringParser: () => Record<string, never> }
} {
  return {
    http: serverOptions(l),
    requestTimeout: l.requestTimeoutMs,
    keepAliveTimeout: l.keepAliveTimeoutMs,
    routerOptions: { querystringParser: () => ({}) },
  }
}

/**
 * Closing lets requests in progress finish (a Script step at most its time limit), then ends their connections:
 * Node closes only connections idle at the moment of close, so a kept-alive connection whose request finished
 * later would hold the process for the whole keep-alive time. Answers given while closing say Connection: close.
 */
export function closeConnectionsWhenDone(app: FastifyInstance): void {
  let closing = false
  app.addHook('preClose', (done) => {
    closing = true
    done()
  })
  app.addHook('onSend', async (_req, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
}

/** The cap is a property of the server, set once it exists. */
export function capConnections(server: http.Server, l: ListenerLimits): void {
  server.maxConnections = l.maxConnections
}
