// A stand-in for the parts of Electron the main process and the preload use, for unit tests on a machine where
// Electron's runtime cannot run. It records what our code asks of Electron (window options, handlers, switches)
// so the tests can check the security settings; it implements no browser behaviour of its own.
type Listener = (...args: any[]) => unknown

class Emitter {
  readonly listeners = new Map<string, Listener[]>()
  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener])
    return this
  }
  once(event: string, listener: Listener): this {
    return this.on(event, listener)
  }
  removeListener(event: string, listener: Listener): this {
    this.listeners.set(
      event,
      (this.listeners.get(event) ?? []).filter((l) => l !== listener),
    )
    return this
  }
  emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args)
  }
}

export class FakeWebContents extends Emitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  readonly sent: unknown[][] = []
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
  send(...args: unknown[]): void {
    this.sent.push(args)
  }
}

export class BrowserWindow extends Emitter {
  static all: BrowserWindow[] = []
  static getAllWindows(): BrowserWindow[] {
    return BrowserWindow.all
  }
  readonly webContents = new FakeWebContents()
  loadedUrl = ''
  focused = 0
  constructor(readonly options: Record<string, any>) {
    super()
    BrowserWindow.all.push(this)
  }
  loadURL(url: string): Promise<void> {
    this.loadedUrl = url
    return Promise.resolve()
  }
  isDestroyed(): boolean {
    return false
  }
  isMinimized(): boolean {
    return false
  }
  restore(): void {}
  show(): void {}
  focus(): void {
    this.focused++
  }
}

class FakeApp extends Emitter {
  name = ''
  paths = new Map<string, string>()
  appPath = '/nowhere'
  isPackaged = false
  sandboxEnabled = false
  gotLock = true
  quits = 0
  exitCode: number | undefined
  ready: Promise<void> = new Promise(() => {})
  setName(name: string): void {
    this.name = name
  }
  enableSandbox(): void {
    this.sandboxEnabled = true
  }
  setPath(name: string, value: string): void {
    this.paths.set(name, value)
  }
  getAppPath(): string {
    return this.appPath
  }
  requestSingleInstanceLock(): boolean {
    return this.gotLock
  }
  whenReady(): Promise<void> {
    return this.ready
  }
  quit(): void {
    this.quits++
  }
  exit(code: number): void {
    this.exitCode = code
  }
}

export const app = new FakeApp()
export const errorBoxes: { title: string; content: string }[] = []
/** Message boxes shown (options as given) and the button the next one answers with (0 unless a test sets it). */
export const messageBoxes: Record<string, any>[] = []
export const dialog = {
  showErrorBox: (title: string, content: string) => void errorBoxes.push({ title, content }),
  answer: 0,
  showMessageBox(options: Record<string, any>): Promise<{ response: number }> {
    messageBoxes.push(options)
    return Promise.resolve({ response: dialog.answer })
  },
}
/**
 * Electron's safeStorage (the OS keychain): unavailable unless a test sets `available` (as on a Linux desktop without
 * a keyring). Sealing is a reversible transform that is not the identity, so a test can tell sealed bytes from the
 * key, and a value sealed here opens only here.
 */
export const safeStorage = {
  available: false,
  isEncryptionAvailable: () => safeStorage.available,
  encryptString: (plain: string): Buffer => Buffer.from([...Buffer.from(`keychain:${plain}`)].map((b) => b ^ 0x5a)),
  decryptString(sealed: Buffer): string {
    const text = Buffer.from([...sealed].map((b) => b ^ 0x5a)).toString()
    if (!text.startsWith('keychain:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.')
    return text.slice('keychain:'.length)
  },
}
export const shell = {
  opened: [] as string[],
  openExternal: (url: string) => (shell.opened.push(url), Promise.resolve()),
}

export const ipcMain = {
  handlers: new Map<string, Listener>(),
  handle(channel: string, handler: Listener): void {
    ipcMain.handlers.set(channel, handler)
  },
}

export const protocol = {
  privileged: [] as unknown[],
  handlers: new Map<string, (request: Request) => Promise<Response>>(),
  registerSchemesAsPrivileged(schemes: unknown[]): void {
    protocol.privileged.push(...schemes)
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void {
    protocol.handlers.set(scheme, handler)
  },
}

/** net.fetch of a file: URL: the real file's bytes, so serving the renderer reads what is on disk. */
export const net = {
  fetched: [] as string[],
  async fetch(url: string): Promise<Response> {
    net.fetched.push(url)
    const fs = await import('node:fs')
    const { fileURLToPath } = await import('node:url')
    const file = fileURLToPath(url)
    return fs.existsSync(file) ? new Response(fs.readFileSync(file)) : new Response('missing', { status: 404 })
  },
}

export const session = {
  defaultSession: {
    headersHook: undefined as Listener | undefined,
    permissionHandler: undefined as Listener | undefined,
    permissionCheckHandler: undefined as Listener | undefined,
    webRequest: {
      onHeadersReceived(hook: Listener): void {
        session.defaultSession.headersHook = hook
      },
    },
    setPermissionRequestHandler(handler: Listener): void {
      session.defaultSession.permissionHandler = handler
    },
    setPermissionCheckHandler(handler: Listener): void {
      session.defaultSession.permissionCheckHandler = handler
    },
  },
}

export const exposed: Record<string, unknown> = {}
export const contextBridge = {
  exposeInMainWorld(key: string, value: unknown): void {
    exposed[key] = value
  },
}

export const ipcRenderer = Object.assign(new Emitter(), {
  invoked: [] as unknown[][],
  invoke(...args: unknown[]): Promise<unknown> {
    ipcRenderer.invoked.push(args)
    return Promise.resolve({ ok: true, value: 'from main' })
  },
})

export default {
  app,
  dialog,
  safeStorage,
  shell,
  ipcMain,
  protocol,
  net,
  session,
  contextBridge,
  ipcRenderer,
  BrowserWindow,
}
