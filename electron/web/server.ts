import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { AddressInfo } from 'node:net'
import sirv from 'sirv'
import { createBackend, type Backend } from '../studio/backend'
import { CONTENT_SECURITY_POLICY } from '../studio/csp'
import { storedMediaFile } from '../services/effects/media-store'
import { capConnections, listenerLimits, serverOptions } from '../services/webhook/limits'
import { readHeader, RequestInputError } from '../services/webhook/request-input'
import { WIRE_PATH } from '../../shared/api/wire'
import { loadSessionToken, SessionGate, TOKEN_REQUIRED_PAGE } from './session-token'
import { attachSocket } from './socket'

export interface WebHostOptions {
  dataDir: string
  /** 0 picks any free port. */
  port?: number
  /** Folder with the built renderer (index.html). Defaults to out/renderer of this checkout. */
  rendererDir?: string
  log?: (message: string) => void
  /** `--new-token`: replace the saved session token with a new one. */
  newToken?: boolean
}

export interface WebHost {
  /** http://127.0.0.1:PORT, without the token. */
  url: string
  /** The address to open: `url` with the session token (`/?token=…`); print this one. */
  openUrl: string
  token: string
  port: number
  backend: Backend
  close(): Promise<void>
}

export const HOST = '127.0.0.1'
export const defaultRendererDir = (): string =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../out/renderer')

export class RendererMissingError extends Error {
  readonly code = 'renderer_missing'
}

/**
 * The browser host: the built renderer over HTTP and the contract over a WebSocket at /api, on 127.0.0.1 only.
 * Requests must name our own host (no DNS rebinding), carry the session token (no other program on this computer
 * may load the studio or drive it) and sockets must come from our own page (no other site may drive the studio
 * from a browser tab).
 */
export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const rendererDir = options.rendererDir ?? defaultRendererDir()
  if (!fs.existsSync(path.join(rendererDir, 'index.html'))) {
    throw new RendererMissingError(`The renderer is not built (${rendererDir} has no index.html). Run: npm run build`)
  }
  const backend = createBackend({ dataDir: options.dataDir, ...(options.log ? { log: options.log } : {}) })
  const serve = sirv(rendererDir, { etag: true, dev: false })
  let allowedHosts = new Set<string>()
  let port = 0
  const log = options.log ?? ((message: string) => process.stderr.write(`chatflow studio: ${message}\n`))
  const gate = new SessionGate(
    loadSessionToken(backend.dataDir, { rotate: options.newToken ?? false, notice: log }),
    () => port,
  )

  const limits = listenerLimits()
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (!allowedHosts.has(readHeader(req, 'host') ?? '')) {
      res.writeHead(421, { 'Content-Type': 'text/plain', Connection: 'close' }).end('Unknown host\n')
      return
    }
    // A caller without the token (or naming another host) cannot keep the connection to try again.
    if (!gate.allows(req)) {
      res
        .writeHead(401, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          Connection: 'close',
        })
        .end(TOKEN_REQUIRED_PAGE)
      return
    }
    if (gate.presented(req)?.fromQuery) {
      // The printed address: the token moves into the cookie and the browser goes on to the address without it.
      res.writeHead(303, { 'Set-Cookie': gate.cookie(), Location: gate.cleanLocation(req), 'Content-Length': 0 }).end()
      return
    }
    // Media Message files the author attached (media/<sha256>.<ext> in the data folder), for the emulator's preview.
    const media = req.method === 'GET' || req.method === 'HEAD' ? storedMediaFile(options.dataDir, req.url ?? '') : null
    if (media) {
      res.writeHead(200, {
        'Content-Type': media.mime,
        'Content-Length': fs.statSync(media.path).size,
        'Cache-Control': 'private, max-age=31536000, immutable',
      })
      if (req.method === 'HEAD') return void res.end()
      fs.createReadStream(media.path).pipe(res)
      return
    }
    serve(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n')
    })
  }
  const server = http.createServer(serverOptions(limits), (req, res) => {
    res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    res.setHeader('X-Content-Type-Options', 'nosniff')
    res.setHeader('Referrer-Policy', 'no-referrer')
    res.setHeader('X-Frame-Options', 'DENY')
    // The page, its files and every answer are the user's own: no copy in the browser's disk cache or a proxy's.
    res.setHeader('Cache-Control', 'no-store')
    try {
      handle(req, res)
    } catch (err) {
      // A parameter or header given twice, or too long (request-input.ts): refused, the connection closed.
      if (!(err instanceof RequestInputError) || res.headersSent) throw err
      res
        .writeHead(err.status, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' })
        .end(JSON.stringify({ error: { code: err.code, message: err.message } }))
    }
  })
  capConnections(server, limits)
  const sockets = attachSocket(server, backend, {
    path: WIRE_PATH,
    allowOrigin: (origin) => origin === undefined || allowedHosts.has(origin.replace(/^http:\/\//, '')),
    allowHost: (host) => allowedHosts.has(host ?? ''),
    allowSession: (req) => gate.allows(req),
  })

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(options.port ?? 0, HOST, () => resolve())
    })
  } catch (err) {
    await backend.close()
    throw err
  }
  port = (server.address() as AddressInfo).port
  allowedHosts = new Set([`${HOST}:${port}`, `localhost:${port}`])

  return {
    url: `http://${HOST}:${port}`,
    openUrl: `http://${HOST}:${port}/?token=${gate.token}`,
    token: gate.token,
    port,
    backend,
    async close() {
      sockets.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await backend.close()
    },
  }
}
