// Electron's main process: one window over the Electron-free back end. Everything the studio does lives in
// electron/studio; this file only wires the app's lifecycle, security settings and IPC to it.
import '../regexp-safety' // first: before any pattern is compiled
import fs from 'node:fs'
import { app, dialog, safeStorage, type BrowserWindow } from 'electron'
import { createBackend, type Backend } from '../studio/backend'
import { APP_NAME } from '../services/data-dir'
import { isDatabaseOpenError } from '../services/db/errors'
import { safeStorageProtector, setKeyProtector } from '../studio/publish/key-protector'
import { desktopDataDir, electronSqliteBinding } from './args'
import { attachIpc } from './ipc'
import { hardenApp, registerAppScheme, serveRenderer } from './security'
import { createMainWindow } from './window'

app.setName(APP_NAME)
// Every renderer runs in Chromium's sandbox, whatever its own settings say (the main window asks for it too).
app.enableSandbox()
const dataDir = chooseDataDir()
// The database lives in userData, beside Chromium's own files, unless --data-dir or CHATFLOW_DATA_DIR says otherwise.
app.setPath('userData', dataDir)
registerAppScheme()
hardenApp()

let backend: Backend | undefined
let mainWindow: BrowserWindow | undefined

function chooseDataDir(): string {
  try {
    return desktopDataDir(process.argv)
  } catch (err) {
    // Before the app is ready no dialog can show; a mistyped flag comes from a terminal, so say it there.
    process.stderr.write(`${APP_NAME}: ${(err as Error).message}\n`)
    return process.exit(2)
  }
}

function showWindow(): void {
  if (!mainWindow || mainWindow.isDestroyed()) {
    mainWindow = createMainWindow()
    return
  }
  if (mainWindow.isMinimized()) mainWindow.restore()
  mainWindow.focus()
}

async function start(): Promise<void> {
  // Production servers' API keys are kept encrypted by the operating system's keychain where Electron offers one.
  const protector = safeStorageProtector(safeStorage)
  if (protector) setKeyProtector(protector)
  const sqliteBinding = electronSqliteBinding(app.getAppPath(), app.isPackaged)
  if (sqliteBinding && !fs.existsSync(sqliteBinding)) {
    dialog.showErrorBox(
      `${APP_NAME} cannot open its data`,
      `The database driver built for Electron is missing (${sqliteBinding}). Run: npm run install-electron`,
    )
    app.exit(1)
    return
  }
  try {
    backend = createBackend({ dataDir, ...(sqliteBinding ? { sqliteBinding } : {}) })
  } catch (err) {
    const message = isDatabaseOpenError(err) ? err.message : `Unexpected error: ${String(err)}`
    dialog.showErrorBox(`${APP_NAME} cannot open its data`, message)
    app.exit(1)
    return
  }
  serveRenderer(dataDir)
  attachIpc(backend)
  showWindow()
}

// One studio per data folder: a second launch focuses the first window instead of fighting over the database.
if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  app.on('second-instance', showWindow)
  app.on('activate', showWindow)
  app.whenReady().then(start, (err: unknown) => {
    dialog.showErrorBox(APP_NAME, String(err))
    app.exit(1)
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  let closing = false
  app.on('will-quit', (event) => {
    if (!backend || closing) return
    // Close the database (checkpointing its WAL) before the process ends.
    event.preventDefault()
    closing = true
    void backend.close().finally(() => app.quit())
  })
}
