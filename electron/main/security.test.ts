// The desktop host's security settings, checked in code: Electron's runtime cannot run on the build machine, so
// 'electron' is replaced by electron/main/testing.ts, which records what our code asks of it.
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IPC_CALL, IPC_EVENT } from '../../shared/api/bridge'
import { CONTENT_SECURITY_POLICY } from '../studio/csp'
import { createTempBackend, type TempBackend } from '../studio/testing'
import * as electron from './testing'
import { attachIpc } from './ipc'
import { APP_ORIGIN, hardenApp, isAppUrl, registerAppScheme, serveRenderer } from './security'
import { createMainWindow } from './window'

vi.mock('electron', () => import('./testing'))

const navigationEvent = () => ({ preventDefault: vi.fn() })

describe('every web contents the app creates', () => {
  let contents: electron.FakeWebContents
  beforeEach(() => {
    electron.app.listeners.clear()
    hardenApp()
    contents = new electron.FakeWebContents()
    electron.app.emit('web-contents-created', {}, contents)
  })

  it('may navigate only within app://studio', () => {
    for (const url of ['https://evil.example/', 'file:///etc/passwd', 'app://studio.evil/x', 'http://127.0.0.1:5190/']) {
      const event = navigationEvent()
      contents.emit('will-navigate', event, url)
      expect(event.preventDefault, url).toHaveBeenCalled()
      const redirect = navigationEvent()
      contents.emit('will-redirect', redirect, url)
      expect(redirect.preventDefault, url).toHaveBeenCalled()
    }
    const inside = navigationEvent()
    contents.emit('will-navigate', inside, `${APP_ORIGIN}/index.html#/flows/flw_1`)
    expect(inside.preventDefault).not.toHaveBeenCalled()
  })

  it('opens no window: https links go to the system browser, anything else nowhere', () => {
    electron.shell.opened.length = 0
    expect(contents.windowOpenHandler!({ url: 'https://docs.example/help' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(contents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({ action: 'deny' })
    expect(electron.shell.opened).toEqual(['https://docs.example/help'])
  })

  it('attaches no webview', () => {
    const event = navigationEvent()
    contents.emit('will-attach-webview', event)
    expect(event.preventDefault).toHaveBeenCalled()
  })
})

describe('the main window', () => {
  it('is isolated and sandboxed, without Node, and loads the studio from app://studio', () => {
    const window = createMainWindow() as unknown as electron.BrowserWindow
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
    })
    expect(path.basename(window.options.webPreferences.preload)).toBe('index.cjs')
    expect(window.loadedUrl).toBe('app://studio/index.html#/flows')
  })
})

describe('app://studio', () => {
  beforeEach(() => {
    registerAppScheme()
    serveRenderer('/tmp/no-such-data-dir')
  })

  it('is registered as a secure standard scheme, so it has an origin', () => {
    expect(electron.protocol.privileged).toContainEqual({
      scheme: 'app',
      privileges: expect.objectContaining({ standard: true, secure: true }),
    })
    expect(isAppUrl('app://studio/index.html')).toBe(true)
    expect(isAppUrl('app://studio')).toBe(true)
    expect(isAppUrl('app://studioX/index.html')).toBe(false)
    expect(isAppUrl('https://studio/')).toBe(false)
  })

  it('serves the renderer folder with the CSP, and nothing outside it', async () => {
    const handle = electron.protocol.handlers.get('app')!
    electron.net.fetched.length = 0
    const page = await handle(new Request('app://studio/index.html'))
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(electron.net.fetched[0]).toMatch(/\/electron\/renderer\/index\.html$/)
    for (const url of ['app://studio/%2e%2e/%2e%2e/package.json', 'app://studio/..%2f..%2fpackage.json', 'app://other/index.html']) {
      expect((await handle(new Request(url))).status, url).toBe(404)
    }
    // URL parsing already folds %2e%2e segments; whatever reaches the disk must lie inside the renderer folder.
    for (const fetched of electron.net.fetched) expect(fetched).toMatch(/\/electron\/renderer\/[^/]+$/)
  })

  it('puts the CSP on every response and grants no permission', () => {
    const hook = electron.session.defaultSession.headersHook!
    const callback = vi.fn()
    hook({ responseHeaders: { 'X-Other': ['1'] } }, callback)
    expect(callback).toHaveBeenCalledWith({
      responseHeaders: { 'X-Other': ['1'], 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
    const decide = vi.fn()
    electron.session.defaultSession.permissionHandler!({}, 'media', decide)
    expect(decide).toHaveBeenCalledWith(false)
  })

  it('has a CSP without inline or remote script and without eval', () => {
    const script = CONTENT_SECURITY_POLICY.split('; ').find((d) => d.startsWith('script-src'))
    expect(script).toBe("script-src 'self'")
    expect(CONTENT_SECURITY_POLICY).toContain("object-src 'none'")
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'self'")
  })

  it('is repeated in the page’s meta tag (which cannot carry frame-ancestors), so the two cannot drift apart', () => {
    const html = fs.readFileSync(path.resolve(import.meta.dirname, '../../renderer/index.html'), 'utf8')
    const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(html)?.[1]
    const withoutFrameAncestors = CONTENT_SECURITY_POLICY.split('; ').filter((d) => !d.startsWith('frame-ancestors'))
    expect(meta?.split('; ')).toEqual(withoutFrameAncestors)
  })
})

describe('the contract over IPC', () => {
  let t: TempBackend
  beforeEach(() => {
    t = createTempBackend({ log: () => {} })
    attachIpc(t.backend)
  })
  afterEach(() => t.cleanup())

  const call = (url: string, command: unknown, payload: unknown) =>
    electron.ipcMain.handlers.get(IPC_CALL)!({ senderFrame: { url } }, command, payload)

  it('answers the studio’s own pages with the real back end', async () => {
    expect(await call('app://studio/index.html', 'flows.create', { name: 'Over IPC' })).toMatchObject({
      ok: true,
      value: { name: 'Over IPC' },
    })
    expect(await call('app://studio/index.html', 'flows.rename', { id: 7 })).toMatchObject({
      ok: false,
      error: { code: 'bad_request' },
    })
  })

  it('refuses any other sender without reaching the back end', async () => {
    expect(await call('https://evil.example/', 'flows.create', { name: 'Sneaky' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    })
    expect(await call('', 'flows.create', { name: 'No frame' })).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect(await call('app://studio/', 'flows.list', {})).toMatchObject({ ok: true, value: [] })
  })

  it('pushes back-end events to every window', async () => {
    const window = new electron.BrowserWindow({})
    await call('app://studio/', 'flows.create', { name: 'Evented' })
    expect(window.webContents.sent).toContainEqual([IPC_EVENT, 'flows.changed', expect.objectContaining({ kind: 'created' })])
  })
})
