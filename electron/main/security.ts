import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, net, protocol, session, shell } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../studio/csp'
import { storedMediaFile } from '../studio/effects/media-store'

// The renderer is served from app://studio/ (not file://), so it has a real origin that CSP, IPC sender checks and
// navigation rules can name. Nothing else may load, navigate, open windows or ask for permissions.
export const APP_ORIGIN = 'app://studio'

export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ])
}

export function isAppUrl(url: string): boolean {
  return url === APP_ORIGIN || url.startsWith(`${APP_ORIGIN}/`)
}

/** Serves out/renderer over app://studio/, refusing any path that escapes it, and the Media Message files the author
 *  stored in the data folder at app://studio/media/<sha256>.<ext>. */
export function serveRenderer(dataDir: string): void {
  const root = path.join(__dirname, '../renderer')
  protocol.handle('app', async (request) => {
    const url = new URL(request.url)
    const media = url.host === 'studio' ? storedMediaFile(dataDir, url.pathname) : null
    if (media) {
      const stored = await net.fetch(pathToFileURL(media.path).toString())
      return new Response(stored.body, { status: 200, headers: { 'Content-Type': media.mime, 'X-Content-Type-Options': 'nosniff' } })
    }
    const file = path.normalize(path.join(root, decodeURIComponent(url.pathname)))
    if (url.host !== 'studio' || !file.startsWith(root + path.sep)) return new Response('Not found', { status: 404 })
    const response = await net.fetch(pathToFileURL(file).toString())
    const headers = new Headers(response.headers)
    headers.set('Content-Security-Policy', CONTENT_SECURITY_POLICY)
    headers.set('X-Content-Type-Options', 'nosniff')
    return new Response(response.body, { status: response.status, headers })
  })
  session.defaultSession.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
}

/** Applies to every web contents the app ever creates: no navigation away, no new windows, no webviews. */
export function hardenApp(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!isAppUrl(url)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
    contents.setWindowOpenHandler(({ url }) => {
      // Links to documentation open in the user's browser; nothing opens inside the app.
      if (url.startsWith('https://')) void shell.openExternal(url)
      return { action: 'deny' }
    })
  })
}
