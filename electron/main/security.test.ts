// The desktop host's security settings, checked in code: Electron's runtime cannot run on the build machine, so
// 'electron' is replaced by electron/main/testing/electron.ts, which records what our code asks of it.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IPC_CALL, IPC_EVENT } from '../../shared/api/bridge'
import { CONTENT_SECURITY_POLICY } from '../studio/csp'
import { createTempBackend, type TempBackend } from '../studio/testing/backend'
import * as electron from './testing/electron'
import { attachIpc } from './ipc'
import { APP_ORIGIN, hardenApp, isAppUrl, registerAppScheme, serveRenderer } from './security'
import { createMainWindow } from './window'

vi.mock('electron', () => import('./testing/electron'))

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
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'app://studio.evil/x',
      'http://127.0.0.1:5190/',
    ]) {
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

  it('opens no window: trusted https links go to the system browser, others after the person confirms, the rest nowhere', async () => {
    electron.shell.opened.length = 0
    electron.messageBoxes.length = 0
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    expect(contents.windowOpenHandler!({ url: 'https://github.com/electron/electron/releases' })).toEqual({
      action: 'deny',
    })
    await settle()
    expect(electron.shell.opened).toEqual(['https://github.com/electron/electron/releases'])
    expect(electron.messageBoxes).toEqual([])
    // A link from a flow to any other site: asked first, naming the host; Cancel opens nothing.
    electron.dialog.answer = 1
    contents.windowOpenHandler!({ url: 'https://example-cellar.com/wines' })
    await settle()
    expect(electron.messageBoxes.at(-1)).toMatchObject({ message: 'Open a link to example-cellar.com?', cancelId: 1 })
    expect(electron.shell.opened).toHaveLength(1)
    electron.dialog.answer = 0
    contents.windowOpenHandler!({ url: 'https://example-cellar.com/wines' })
    await settle()
    expect(electron.shell.opened.at(-1)).toBe('https://example-cellar.com/wines')
    // Never handed to the system, never even asked about.
    const asked = electron.messageBoxes.length
    for (const url of [
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://example.com/',
      'https://user:pw@github.com/',
      'https://127.0.0.1:5190/',
      'https://[::1]/',
      'https://router.local/',
      'ms-msdt:/id',
      'not a url',
    ]) {
      expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' })
    }
    await settle()
    expect(electron.messageBoxes).toHaveLength(asked)
    expect(electron.shell.opened).toHaveLength(2)
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

  it('has developer tools from a checkout only, never in an installed app', () => {
    electron.app.isPackaged = true
    expect((createMainWindow() as unknown as electron.BrowserWindow).options.webPreferences.devTools).toBe(false)
    electron.app.isPackaged = false
    expect((createMainWindow() as unknown as electron.BrowserWindow).options.webPreferences.devTools).toBe(true)
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
    for (const url of [
      'app://studio/%2e%2e/%2e%2e/package.json',
      'app://studio/..%2f..%2fpackage.json',
      'app://other/index.html',
    ]) {
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
    // Chromium's synchronous permission checks say no as well (issue 18: there was no check handler).
    for (const permission of ['media', 'clipboard-read', 'geolocation', 'notifications'])
      expect(electron.session.defaultSession.permissionCheckHandler!(null, permission, 'app://studio')).toBe(false)
  })

  it("serves the author's media files with the same CSP and nosniff", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chatflow-media-csp-'))
    const sha = 'a'.repeat(64)
    fs.mkdirSync(path.join(dataDir, 'media'))
    fs.writeFileSync(path.join(dataDir, 'media', `${sha}.png`), Buffer.from('89504e470d0a1a0a', 'hex'))
    serveRenderer(dataDir)
    const res = await electron.protocol.handlers.get('app')!(new Request(`app://studio/media/${sha}.png`))
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    fs.rmSync(dataDir, { recursive: true, force: true })
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
    expect(await call('', 'flows.create', { name: 'No frame' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    })
    expect(await call('app://studio/', 'flows.list', {})).toMatchObject({ ok: true, value: [] })
  })

  it('pushes back-end events to every window', async () => {
    const window = new electron.BrowserWindow({})
    await call('app://studio/', 'flows.create', { name: 'Evented' })
    expect(window.webContents.sent).toContainEqual([
      IPC_EVENT,
      'flows.changed',
      expect.objectContaining({ kind: 'created' }),
    ])
  })
})

describe('the packaged binary', () => {
  it('has its fuses flipped by electron-builder: no run-as-node, NODE_OPTIONS or --inspect; asar only, checked', async () => {
    const { parse } = await import('yaml')
    const config = parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../electron-builder.yml'), 'utf8')) as {
      electronFuses?: Record<string, boolean>
    }
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })
})
