import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, net, protocol, session } from 'electron'
import { CONTENT_SECURITY_POLICY } from '../studio/csp'
import { storedMediaFile } from '../services/effects/media-store'
import { openLink } from './external-links'

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
      // A stored file is the author's, not ours: the same CSP, so an SVG or HTML file opened on its own runs nothing.
      const headers = {
        'Content-Type': media.mime,
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': CONTENT_SECURITY_POLICY,
      }
      return new Response(stored.body, { status: 200, headers })
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
  // No permission is ever granted: neither when a page asks (camera, notifications…) nor when Chromium checks one.
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.defaultSession.setPermissionCheckHandler(() => false)
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
      // Nothing opens inside the app; a link goes to the system browser as external-links.ts allows.
      void openLink(url)
      return { action: 'deny' }
    })
  })
}
